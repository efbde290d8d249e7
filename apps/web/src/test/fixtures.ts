/** Shared test data for the web tests: a signed-in member as /portal/member/info answers it, and the envelope. */

/** The member the tests sign in as (member/info's shape); pass what a test needs to differ. */
export function testUser(overrides: Record<string, unknown> = {}) {
  return {
    id: 'u1',
    name: 'Ann',
    sex: 'female',
    role: 'user',
    themeColor: '#1989fa',
    darkMode: false,
    language: 'zh-cn',
    expression: 'none',
    phone: null as string | null,
    email: 'ann@example.com' as string | null,
    pseudonym: null,
    avatar: null,
    profile: null,
    interests: [] as string[],
    ...overrides,
  };
}

/** A JSON response with the given body. */
export function json(body: unknown): Response {
  return new Response(JSON.stringify(body), { headers: { 'Content-Type': 'application/json' } });
}

/** The API's success envelope around data. */
export const ok = (data: unknown) => json({ code: 0, msg: 'ok', data });

/** The tokens a login answers with (the user comes from member/info afterwards). */
export const LOGIN = { access_token: 'a1', user_token: 'u1' };
