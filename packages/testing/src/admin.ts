type Account = { username: string; password: string; email: string };

/** The admin every suite signs in as: the first account registered on a fresh database. */
export const ADMIN: Readonly<Account> = {
  username: 'founder',
  password: 'correct horse',
  email: 'founder@example.com',
};

/** The session cookie the app sets. */
export const SESSION_COOKIE = 'journey_session';

/** A JSON POST in whatever client a suite uses (fetch, Playwright's request context); cookies stay in it. */
export type PostJson = (path: string, body: unknown) => Promise<{ status: number; text: string }>;

/**
 * Registers the admin; where the first account exists already (registration is closed: 403), signs
 * it in instead, unless `mustRegister`. Throws on any other answer.
 */
export async function signInAdmin(
  post: PostJson,
  { account = ADMIN, mustRegister = false }: { account?: Account; mustRegister?: boolean } = {},
): Promise<void> {
  const registered = await post('/api/register', account);
  if (registered.status === 201) return;
  if (mustRegister || registered.status !== 403)
    throw new Error(`POST /api/register answered ${registered.status}: ${registered.text}`);
  const login = await post('/api/login', { username: account.username, password: account.password });
  if (login.status !== 200) throw new Error(`POST /api/login answered ${login.status}: ${login.text}`);
}

/** The `name=value` pair of the session cookie a response set, for the next request's `cookie` header. */
export function sessionCookieOf(response: Response): string {
  const cookie = response.headers
    .getSetCookie()
    .map((header) => header.split(';', 1)[0] ?? '')
    .find((pair) => pair.startsWith(`${SESSION_COOKIE}=`));
  if (!cookie) throw new Error(`${response.url} answered ${response.status} and set no ${SESSION_COOKIE}`);
  return cookie;
}

/**
 * Registers the first account (the admin) over HTTP and returns its session cookie pair.
 * `headers` go with the request besides the JSON content type (a browser's `origin`, say).
 */
export async function registerAdmin(
  baseUrl: string,
  { account = ADMIN, headers = {} }: { account?: Account; headers?: Record<string, string> } = {},
): Promise<string> {
  let cookie = '';
  await signInAdmin(
    async (path, body) => {
      const response = await fetch(`${baseUrl}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify(body),
      });
      if (response.status === 201) cookie = sessionCookieOf(response);
      return { status: response.status, text: await response.text() };
    },
    { account, mustRegister: true },
  );
  return cookie;
}
