import { describe, expect, it } from 'vitest';
import { aliyunPercentEncode, aliyunRpcSignature, aliyunStringToSign } from './aliyun-rpc.ts';
import { tc3Authorization, tc3CanonicalRequest, tc3StringToSign } from './tencent-tc3.ts';

/** The providers' own worked examples, reproduced byte for byte. */
describe('Alibaba Cloud RPC signature', () => {
  it("reproduces the SMS documentation's SendSms example (testId / testSecret)", () => {
    const params = {
      AccessKeyId: 'testId',
      Action: 'SendSms',
      Format: 'XML',
      OutId: '123',
      PhoneNumbers: '15300000001',
      RegionId: 'cn-hangzhou',
      SignName: '阿里云短信测试专用',
      SignatureMethod: 'HMAC-SHA1',
      SignatureNonce: '45e25e9b-0a6f-4070-8c85-2956eda1b466',
      SignatureVersion: '1.0',
      TemplateCode: 'SMS_71390007',
      TemplateParam: '{"customer":"test"}',
      Timestamp: '2017-07-12T02:42:19Z',
      Version: '2017-05-25',
    };
    expect(aliyunStringToSign('GET', params)).toBe(
      'GET&%2F&AccessKeyId%3DtestId%26Action%3DSendSms%26Format%3DXML%26OutId%3D123%26PhoneNumbers%3D15300000001' +
        '%26RegionId%3Dcn-hangzhou%26SignName%3D%25E9%2598%25BF%25E9%2587%258C%25E4%25BA%2591%25E7%259F%25AD%25E4%25BF' +
        '%25A1%25E6%25B5%258B%25E8%25AF%2595%25E4%25B8%2593%25E7%2594%25A8%26SignatureMethod%3DHMAC-SHA1' +
        '%26SignatureNonce%3D45e25e9b-0a6f-4070-8c85-2956eda1b466%26SignatureVersion%3D1.0' +
        '%26TemplateCode%3DSMS_71390007%26TemplateParam%3D%257B%2522customer%2522%253A%2522test%2522%257D' +
        '%26Timestamp%3D2017-07-12T02%253A42%253A19Z%26Version%3D2017-05-25',
    );
    expect(aliyunRpcSignature('GET', params, 'testSecret')).toBe('zJDF+Lrzhj/ThnlvIToysFRq6t4=');
    expect(aliyunRpcSignature('GET', params, 'testSecreT')).not.toBe('zJDF+Lrzhj/ThnlvIToysFRq6t4=');
  });

  it("reproduces the signature page's DescribeRegions example (testid / testsecret)", () => {
    const params = {
      AccessKeyId: 'testid',
      Action: 'DescribeRegions',
      Format: 'XML',
      SignatureMethod: 'HMAC-SHA1',
      SignatureNonce: '3ee8c1b8-83d3-44af-a94f-4e0ad82fd6cf',
      SignatureVersion: '1.0',
      Timestamp: '2016-02-23T12:46:24Z',
      Version: '2014-05-26',
    };
    expect(aliyunRpcSignature('GET', params, 'testsecret')).toBe('OLeaidS1JvxuMvnyHOwuJ+uX5qY=');
  });

  it('percent-encodes as RFC 3986 asks: space %20, * %2A, ~ kept', () => {
    expect(aliyunPercentEncode("a b*~!'()")).toBe('a%20b%2A~%21%27%28%29');
  });
});

describe('Tencent Cloud TC3-HMAC-SHA256', () => {
  // The "Signature v3" page's example: CVM DescribeInstances at 1551113065 with the EXAMPLE key pair.
  const payload = '{"Limit": 1, "Filters": [{"Values": ["\\u672a\\u547d\\u540d"], "Name": "instance-name"}]}';

  it("reproduces the documentation's canonical request, string to sign and signature", () => {
    const canonical = tc3CanonicalRequest('cvm.tencentcloudapi.com', payload);
    expect(canonical).toBe(
      'POST\n/\n\ncontent-type:application/json; charset=utf-8\nhost:cvm.tencentcloudapi.com\n\ncontent-type;host\n' +
        '35e9c5b0e3ae67532d3c9f17ead6c90222632e5b1ff7f6e89887f1398934f064',
    );
    expect(tc3StringToSign(1551113065, 'cvm', canonical)).toBe(
      'TC3-HMAC-SHA256\n1551113065\n2019-02-25/cvm/tc3_request\n' +
        '5ffe6a04c0664d6b969fab9a13bdab201d63ee709638e2749d62a09ca18d7031',
    );
    const authorization = (secretKey: string) =>
      tc3Authorization({
        secretId: 'AKIDz8krbsJ5yKBZQpn74WFkmLPx3EXAMPLE',
        secretKey,
        service: 'cvm',
        host: 'cvm.tencentcloudapi.com',
        timestamp: 1551113065,
        payload,
      });
    expect(authorization('Gu5t9xGARNpq86cd98joQYCN3EXAMPLE')).toBe(
      'TC3-HMAC-SHA256 Credential=AKIDz8krbsJ5yKBZQpn74WFkmLPx3EXAMPLE/2019-02-25/cvm/tc3_request, ' +
        'SignedHeaders=content-type;host, Signature=72e494ea809ad7a8c8f7a4507b9bddcbaa8e581f516e8da2f66e2c5a96525168',
    );
    expect(authorization('Gu5t9xGARNpq86cd98joQYCN3EXAMPLF')).not.toContain('72e494ea');
  });
});
