/**
 * Signs a phone in on a shop server, as an API client would, with the code `readCode` finds once
 * it was sent (the demo code by default), and answers the `Cookie` header that carries its session.
 */
export async function signInOver(
  url: string,
  phone: string,
  readCode: () => string = () => '123456',
): Promise<string> {
  const post = (path: string, body: unknown) =>
    fetch(url + path, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
  const sent = await post('/api/v1/auth/code', { phone });
  if (!sent.ok) throw new Error(`sending a code answered ${sent.status}: ${await sent.text()}`);
  const checked = await post('/api/v1/auth/session', { phone, code: readCode() });
  const cookie = /^[^;]+/.exec(checked.headers.get('set-cookie') ?? '')?.[0];
  if (!checked.ok || !cookie)
    throw new Error(`checking the code answered ${checked.status}: ${await checked.text()}`);
  return cookie;
}
