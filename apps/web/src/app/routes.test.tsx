import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderApp } from '../test/render-app.tsx';

describe('route table', () => {
  it('redirects / to /chat?_n=1 and titles the home page with the app title alone', async () => {
    const app = renderApp('/');
    expect(await screen.findByTestId('page-chat')).toBeTruthy();
    expect(app.location()).toBe('/chat?_n=1');
    await waitFor(() => expect(document.title).toBe('圣经问答助手'));
  });

  it('sends unknown paths home', async () => {
    const app = renderApp('/no/such/page');
    expect(await screen.findByTestId('page-chat')).toBeTruthy();
    expect(app.location()).toBe('/chat?_n=1');
  });

  it.each([
    ['/about', 'page-about', '圣经问答助手 - 关于我们'],
    ['/login', 'page-login', '圣经问答助手 - 登录'],
    ['/login/mail/pwd', 'page-login', '圣经问答助手 - 登录'],
    ['/verify/mobile/13800000000', 'page-verify', '圣经问答助手 - 输入验证码'],
    ['/reset-pwd/mail', 'page-reset-pwd', '圣经问答助手 - 重置密码'],
    ['/devotionals/42', 'page-devotionals', '圣经问答助手 - 每日灵修'],
    ['/collections', 'page-collections', '圣经问答助手 - 我的收藏'],
    ['/collect', 'page-collect', '圣经问答助手 - 收藏详情'],
    ['/setting', 'page-setting', '圣经问答助手 - 设置'],
    ['/service', 'page-service', '圣经问答助手 - 用户服务协议'],
    ['/policy', 'page-policy', '圣经问答助手 - 隐私政策'],
    ['/help', 'page-help', '圣经问答助手 - 帮助与支持'],
  ])('renders %s with the title "%s"', async (path, testId, title) => {
    renderApp(path);
    expect(await screen.findByTestId(testId)).toBeTruthy();
    await waitFor(() => expect(document.title).toBe(title));
  });

  it('lets a pageTitle parameter replace the route title, in the document and the NavBar', async () => {
    renderApp('/about?pageTitle=Our%20story');
    expect(await screen.findByTestId('page-about')).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('圣经问答助手 - Our story'));
    expect(screen.getByTestId('page-about-title').textContent).toBe('Our story');
  });

  it('titles pages in the stored language', async () => {
    window.localStorage.setItem('APP_GLOBAL_SETTINGS', JSON.stringify({ language: 'en' }));
    renderApp('/about');
    expect(await screen.findByTestId('page-about')).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('Bible Q&A Assistant - About us'));
  });

  it('follows /redirect/* to same-origin paths only', async () => {
    const app = renderApp('/redirect/about?pageTitle=x');
    expect(await screen.findByTestId('page-about')).toBeTruthy();
    expect(app.location()).toBe('/about?pageTitle=x');
    cleanup();
    const foreign = renderApp('/redirect/https://evil.example/phish');
    expect(await screen.findByTestId('page-chat')).toBeTruthy();
    expect(foreign.location()).toBe('/chat?_n=1');
  });

  it('sends /set-pwd to login when nobody is logged in', async () => {
    const app = renderApp('/set-pwd/mobile');
    expect(await screen.findByTestId('page-login')).toBeTruthy();
    expect(app.location()).toBe('/login');
  });
});

describe('keep-alive routes', () => {
  it('keeps the chat draft while another page shows, and hides the kept page', async () => {
    const app = renderApp('/chat');
    const input = (await screen.findByTestId('chat-composer-input')) as HTMLTextAreaElement;
    fireEvent.change(input, { target: { value: '约翰福音 3:16 的意思' } });

    await act(() => app.router.navigate('/about'));
    expect(await screen.findByTestId('page-about')).toBeTruthy();
    expect(screen.getByTestId('page-chat').style.display).toBe('none');
    expect(screen.getByTestId('page-about').style.display).not.toBe('none');

    await act(() => app.router.navigate(-1));
    await waitFor(() => expect(app.location()).toBe('/chat'));
    expect((screen.getByTestId('chat-composer-input') as HTMLTextAreaElement).value).toBe('约翰福音 3:16 的意思');
  });

  it('restores the scroll position of a kept page and opens other pages at the top', async () => {
    const app = renderApp('/help');
    expect(await screen.findByTestId('page-help')).toBeTruthy();
    const scroller = document.scrollingElement ?? document.documentElement;
    scroller.scrollTop = 300;
    fireEvent.scroll(window);

    await act(() => app.router.navigate('/devotionals'));
    expect(await screen.findByTestId('page-devotionals')).toBeTruthy();
    expect(scroller.scrollTop).toBe(0);

    await act(() => app.router.navigate('/help'));
    await waitFor(() => expect(screen.getByTestId('page-help').style.display).not.toBe('none'));
    expect(scroller.scrollTop).toBe(300);
  });

  it('unmounts routes that are not kept alive', async () => {
    const app = renderApp('/devotionals');
    expect(await screen.findByTestId('page-devotionals')).toBeTruthy();
    await act(() => app.router.navigate('/about'));
    expect(await screen.findByTestId('page-about')).toBeTruthy();
    expect(screen.queryByTestId('page-devotionals')).toBeNull();
  });
});
