// `prefab serve` as an OAuth resource server against a real authorization server
// (oidc-provider, configured here), with the official TypeScript MCP SDK client and rmcp's
// own auth client. Each client discovers the authorization server from the endpoint's 401,
// obtains a token and calls `whoami`, which must see the caller's subject and scopes:
//
//  1. TypeScript SDK, client-credentials grant (ClientCredentialsProvider);
//  2. TypeScript SDK, authorization code + PKCE, the login and consent pages of
//     oidc-provider driven by this script as a browser would (form posts, cookies);
//  3. rmcp's auth client (the `oauth_client` example of prefab-mcp), client credentials.
//
// A tool acting for the signed-in user (`whoami_downstream`, `Caller::on_behalf_of`) calls a
// downstream API run here with a token the provider issued in an RFC 8693 token exchange,
// a grant registered below (oidc-provider has none built in): the API checks that token
// against the provider's JWKS and records every Authorization header it sees; an API prefab
// does not list is refused without asking the provider, and the provider's refusals
// (`invalid_target`, `invalid_grant`) reach the tool as errors with nothing sent on.
//
// It also compares the protected resource metadata with the TypeScript SDK's own
// (`mcpAuthMetadataRouter`) for the same mount, and reads every log line the server wrote
// (`--log-format json`): each is JSON, each call has its request line, and no token
// obtained here appears in any line.
//
// Usage: PREFAB_BIN=… OAUTH_CLIENT_BIN=… node oauth.mjs
import { spawn } from 'node:child_process';
import { createPublicKey, generateKeyPairSync, verify } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import http from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import assert from 'node:assert/strict';
import Provider, { errors } from 'oidc-provider';
import express from 'express';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { ClientCredentialsProvider } from '@modelcontextprotocol/sdk/client/auth-extensions.js';
import { UnauthorizedError } from '@modelcontextprotocol/sdk/client/auth.js';
import { mcpAuthMetadataRouter } from '@modelcontextprotocol/sdk/server/auth/router.js';

const PREFAB_BIN = process.env.PREFAB_BIN;
const OAUTH_CLIENT_BIN = process.env.OAUTH_CLIENT_BIN;
assert.ok(PREFAB_BIN && OAUTH_CLIENT_BIN, 'set PREFAB_BIN and OAUTH_CLIENT_BIN');

const SECRET_BASIC = 'service-secret-basic-0123456789';
const SECRET_POST = 'service-secret-post-0123456789';
// With the characters a client must form-urlencode in HTTP Basic (RFC 6749 §2.3.1).
const SECRET_PREFAB = 'prefab+secret:%/0123456789';
const REDIRECT = 'http://127.0.0.1:9/callback';
const TOKEN_EXCHANGE = 'urn:ietf:params:oauth:grant-type:token-exchange';
const ACCESS_TOKEN_TYPE = 'urn:ietf:params:oauth:token-type:access_token';
const results = [];
const tokens = [];
const issued = [];
// The provider's side of token exchange: requests to its token endpoint, the tokens it
// issued in exchanges, and the `jti`s of the access tokens it revoked.
const asSeen = { tokenRequests: 0, exchanged: [] };
const revoked = new Set();

/** The claims of `jwt`, an RS256 `at+jwt` access token signed by one of `keys` (a JWKS's
 * keys), from `issuer` for `audience` and not expired; throws why not otherwise. */
function verifyAccessToken(jwt, keys, { issuer, audience }) {
  const [head, body, signature, ...rest] = String(jwt).split('.');
  if (!signature || rest.length) throw new Error('not a JWS');
  const header = JSON.parse(Buffer.from(head, 'base64url'));
  const key = keys.find((k) => k.kid === header.kid && k.use !== 'enc');
  if (header.alg !== 'RS256' || header.typ !== 'at+jwt' || !key) throw new Error('unexpected header');
  const signed = Buffer.from(`${head}.${body}`);
  if (!verify('RSA-SHA256', signed, createPublicKey({ key, format: 'jwk' }), Buffer.from(signature, 'base64url'))) {
    throw new Error('the signature does not verify');
  }
  const claims = JSON.parse(Buffer.from(body, 'base64url'));
  if (claims.iss !== issuer) throw new Error('another issuer');
  if (![claims.aud].flat().includes(audience)) throw new Error('another audience');
  if (!(claims.exp > Date.now() / 1000)) throw new Error('expired');
  return claims;
}

/** The RFC 8693 grant of the provider: `client` (authenticated by the token endpoint)
 * exchanges an access token the provider issued for `policy.from` (its own resource) for a
 * short-lived one for a downstream API in `policy.to`, whose `act` names the client. */
function tokenExchange(provider, policies, keys) {
  return async (ctx) => {
    const { client, params } = ctx.oidc;
    const policy = policies[client.clientId];
    if (params.subject_token_type !== ACCESS_TOKEN_TYPE) {
      throw new errors.InvalidRequest('subject_token_type must be an access token');
    }
    if (params.requested_token_type && params.requested_token_type !== ACCESS_TOKEN_TYPE) {
      throw new errors.InvalidRequest('only access tokens are issued');
    }
    const targets = [...new Set([params.audience, params.resource].filter(Boolean))];
    if (targets.length !== 1 || !policy?.to.includes(targets[0])) {
      throw new errors.InvalidTarget('this client may not exchange tokens for this audience');
    }
    let subject;
    try {
      subject = verifyAccessToken(params.subject_token, keys, { issuer: provider.issuer, audience: policy.from });
    } catch (e) {
      throw new errors.InvalidGrant(`subject_token: ${e.message}`);
    }
    if (revoked.has(subject.jti)) throw new errors.InvalidGrant('subject_token was revoked');
    const [audience] = targets;
    const token = new provider.AccessToken({
      accountId: subject.sub, client, gty: TOKEN_EXCHANGE, expiresIn: 60,
      resourceServer: new provider.ResourceServer(audience, {
        audience, accessTokenFormat: 'jwt', jwt: { sign: { alg: 'RS256' } },
      }),
    });
    const value = await token.save();
    asSeen.exchanged.push(value);
    ctx.body = {
      access_token: value, issued_token_type: ACCESS_TOKEN_TYPE,
      token_type: 'Bearer', expires_in: token.expiration,
    };
  };
}

async function freePort() {
  const server = http.createServer();
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address();
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** oidc-provider on a free port, issuing JWT access tokens for `resource`, and for the
 * downstream API `api` in exchange for them (to `svc-prefab` only). */
async function startProvider(resource, api) {
  const server = http.createServer();
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${server.address().port}`;
  const key = generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey.export({ format: 'jwk' });
  const publicKey = { kty: key.kty, n: key.n, e: key.e, kid: 'rs-1', alg: 'RS256', use: 'sig' };
  const provider = new Provider(issuer, {
    jwks: { keys: [{ ...key, kid: 'rs-1', alg: 'RS256', use: 'sig' }] },
    clients: [
      { client_id: 'svc-basic', client_secret: SECRET_BASIC, grant_types: ['client_credentials'],
        redirect_uris: [], response_types: [], scope: 'mcp' },
      { client_id: 'svc-post', client_secret: SECRET_POST, grant_types: ['client_credentials'],
        redirect_uris: [], response_types: [], scope: 'mcp',
        token_endpoint_auth_method: 'client_secret_post' },
      { client_id: 'svc-prefab', client_secret: SECRET_PREFAB, grant_types: [TOKEN_EXCHANGE],
        redirect_uris: [], response_types: [] },
      { client_id: 'mcp-app', application_type: 'native', token_endpoint_auth_method: 'none',
        grant_types: ['authorization_code'], response_types: ['code'],
        redirect_uris: [REDIRECT], scope: 'mcp' },
    ],
    scopes: ['openid', 'mcp'],
    pkce: { required: () => true },
    ttl: { AccessToken: 300, ClientCredentials: 300, Grant: 600, Interaction: 600, Session: 600 },
    findAccount: (_ctx, id) => ({ accountId: id, claims: () => ({ sub: id }) }),
    // RFC 8693 §4.1: an exchanged token names the client acting for the subject.
    extraTokenClaims: (_ctx, token) => (token.gty === TOKEN_EXCHANGE ? { act: { sub: token.clientId } } : undefined),
    features: {
      devInteractions: { enabled: true },
      clientCredentials: { enabled: true },
      introspection: { enabled: true },
      resourceIndicators: {
        enabled: true,
        defaultResource: () => resource,
        useGrantedResource: () => true,
        getResourceServerInfo: (_ctx, indicator) => {
          if (indicator !== resource) throw new errors.InvalidTarget();
          return { scope: 'mcp', audience: resource, accessTokenFormat: 'jwt',
            accessTokenTTL: 300, jwt: { sign: { alg: 'RS256' } } };
        },
      },
    },
  });
  // Every access token issued, whichever client asked, so the logs can be searched for it.
  provider.use(async (ctx, next) => {
    if (ctx.path === '/token') asSeen.tokenRequests += 1;
    await next();
    if (ctx.path === '/token' && ctx.body?.access_token) issued.push(ctx.body.access_token);
  });
  const policies = { 'svc-prefab': { from: resource, to: [api] } };
  provider.registerGrantType(TOKEN_EXCHANGE, tokenExchange(provider, policies, [publicKey]), [
    'subject_token', 'subject_token_type', 'requested_token_type', 'audience', 'resource', 'scope',
  ]);
  server.on('request', provider.callback());
  return { issuer, server };
}

/** A downstream API at `base`: a GET answers the claims of its bearer token, after checking
 * it against the provider's JWKS (audience: the URL called; an `act` claim); every
 * Authorization header it sees is kept in `seen`. */
async function startApi(server, base, issuer) {
  const seen = [];
  server.on('request', async (req, res) => {
    const authorization = req.headers.authorization ?? '';
    seen.push(authorization);
    try {
      const { jwks_uri: jwks } = await (await fetch(`${issuer}/.well-known/openid-configuration`)).json();
      const { keys } = await (await fetch(jwks)).json();
      const token = authorization.replace(/^Bearer /, '');
      const claims = verifyAccessToken(token, keys, { issuer, audience: `${base}${req.url}` });
      if (!claims.act?.sub) throw new Error('no act claim');
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ aud: claims.aud, sub: claims.sub, act: claims.act, lifetime: claims.exp - claims.iat }));
    } catch (e) {
      res.writeHead(401).end(e.message);
    }
  });
  return { seen };
}

/** `prefab serve` protected by `issuer`, exchanging tokens as `svc-prefab` for the
 * `downstream` APIs, JSON logs collected. */
async function startServer(port, issuer, resource, downstream) {
  const child = spawn(PREFAB_BIN, [
    'serve', '--port', String(port), '--data-dir', mkdtempSync(join(tmpdir(), 'prefab-oauth-')),
    '--authorization-server', issuer, '--audience', resource, '--required-scope', 'mcp',
    '--log-format', 'json', '--client-id', 'svc-prefab',
    ...downstream.flatMap((api) => ['--downstream', api]),
  ], { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, PREFAB_CLIENT_SECRET: SECRET_PREFAB } });
  const logs = [];
  let pending = '';
  child.stderr.on('data', (chunk) => {
    pending += chunk;
    const lines = pending.split('\n');
    pending = lines.pop();
    logs.push(...lines.filter((l) => l.length));
  });
  await new Promise((resolve, reject) => {
    let out = '';
    child.stdout.on('data', (chunk) => {
      out += chunk;
      if (out.includes('MCP endpoint:')) resolve();
    });
    child.on('exit', (code) => reject(new Error(`prefab serve exited ${code}: ${logs.join('\n')}`)));
  });
  return { child, logs };
}

/** Calls the tool `name` with `args` through `transport` and returns its result. */
async function callTool(transport, name, args = {}) {
  const client = new Client({ name: 'oauth-test', version: '0.0.0' });
  await client.connect(transport);
  try {
    return await client.callTool({ name, arguments: args });
  } finally {
    await client.close();
  }
}

/** Calls `whoami` through `transport` and returns what the tool saw. */
async function whoami(transport) {
  return JSON.parse((await callTool(transport, 'whoami')).content[0].text);
}

/** A transport whose fetches record the bearer tokens sent (so the logs can be searched). */
function recordingFetch(url, init) {
  const auth = new Headers(init?.headers).get('authorization');
  if (auth?.startsWith('Bearer ')) tokens.push(auth.slice(7));
  return fetch(url, init);
}

async function clientCredentials(resource, issuer) {
  const authProvider = new ClientCredentialsProvider({
    clientId: 'svc-basic', clientSecret: SECRET_BASIC, scope: 'mcp', expectedIssuer: issuer,
  });
  const transport = new StreamableHTTPClientTransport(new URL(resource), { authProvider, fetch: recordingFetch });
  const seen = await whoami(transport);
  assert.equal(seen.subject, 'svc-basic');
  assert.equal(seen.client, 'svc-basic');
  assert.deepEqual(seen.scopes, ['mcp']);
  results.push('TypeScript SDK, client credentials: whoami saw subject svc-basic, scopes [mcp]');
}

/** Follows the authorization URL through oidc-provider's login and consent pages, as a
 * browser would, and returns the code sent to the redirect URI. */
async function signIn(authorizationUrl, login) {
  const cookies = new Map();
  const send = async (url, init = {}) => {
    const headers = { ...(init.headers || {}), cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; ') };
    const response = await fetch(url, { ...init, headers, redirect: 'manual' });
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const eq = pair.indexOf('=');
      cookies.set(pair.slice(0, eq), pair.slice(eq + 1));
    }
    return response;
  };
  let response = await send(authorizationUrl);
  for (let step = 0; step < 12; step += 1) {
    const location = response.headers.get('location');
    if (location) {
      const next = new URL(location, response.url || authorizationUrl);
      if (next.href.startsWith(REDIRECT)) {
        assert.equal(next.searchParams.get('error'), null, next.href);
        return next.searchParams.get('code');
      }
      response = await send(next.href);
      continue;
    }
    const page = await response.text();
    const action = /<form[^>]*action="([^"]+)"/.exec(page)?.[1];
    const prompt = /name="prompt" value="([a-z]+)"/.exec(page)?.[1];
    assert.ok(action && prompt, `no form on the page (HTTP ${response.status}): ${page.slice(0, 300)}`);
    const form = new URLSearchParams({ prompt });
    if (prompt === 'login') {
      form.set('login', login);
      form.set('password', 'any');
    }
    response = await send(new URL(action, authorizationUrl).href, {
      method: 'POST', body: form, headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
  }
  throw new Error('the sign-in did not reach the redirect URI');
}

async function authorizationCode(resource) {
  let authorizationUrl;
  let verifier;
  let saved;
  const authProvider = {
    get redirectUrl() { return REDIRECT; },
    get clientMetadata() {
      return { client_name: 'oauth-test', redirect_uris: [REDIRECT], grant_types: ['authorization_code'],
        response_types: ['code'], token_endpoint_auth_method: 'none' };
    },
    clientInformation: () => ({ client_id: 'mcp-app' }),
    tokens: () => saved,
    saveTokens: (t) => { saved = t; },
    redirectToAuthorization: (url) => { authorizationUrl = url; },
    saveCodeVerifier: (v) => { verifier = v; },
    codeVerifier: () => verifier,
  };
  const first = new StreamableHTTPClientTransport(new URL(resource), { authProvider, fetch: recordingFetch });
  await assert.rejects(whoami(first), UnauthorizedError);
  assert.ok(authorizationUrl, 'the SDK asked for a sign-in');
  assert.equal(authorizationUrl.searchParams.get('resource'), resource);
  assert.equal(authorizationUrl.searchParams.get('code_challenge_method'), 'S256');
  const code = await signIn(authorizationUrl.href, 'alice');
  await first.finishAuth(code);
  const seen = await whoami(new StreamableHTTPClientTransport(new URL(resource), { authProvider, fetch: recordingFetch }));
  assert.equal(seen.subject, 'alice');
  assert.equal(seen.client, 'mcp-app');
  assert.deepEqual(seen.scopes, ['mcp']);
  results.push('TypeScript SDK, authorization code + PKCE (login and consent pages): whoami saw subject alice, scopes [mcp]');
  return authProvider;
}

async function rmcpClient(resource) {
  const output = await new Promise((resolve, reject) => {
    const child = spawn(OAUTH_CLIENT_BIN, [resource, 'svc-post', SECRET_POST, 'mcp', 'whoami'],
      { stdio: ['ignore', 'pipe', 'inherit'] });
    let out = '';
    child.stdout.on('data', (chunk) => { out += chunk; });
    child.on('exit', (code) => (code === 0 ? resolve(out) : reject(new Error(`oauth_client exited ${code}`))));
  });
  const seen = JSON.parse(output.trim().split('\n')[0]);
  assert.equal(seen.subject, 'svc-post');
  assert.deepEqual(seen.scopes, ['mcp']);
  results.push('rmcp auth client, client credentials: whoami saw subject svc-post, scopes [mcp]');
}

/** `whoami_downstream` for alice (whose tokens `authProvider` holds): prefab exchanges her
 * token at the provider for one for `apis.orders` and calls that API with it; it refuses
 * `apis.admin` (not listed) itself, and the provider refuses `apis.payroll` (listed, but
 * not in its policy) and, once revoked, her token. Nothing but an exchanged token reaches
 * the API. */
async function onBehalfOf(resource, authProvider, api, apis) {
  const own = authProvider.tokens().access_token;
  const call = async (url) => {
    const before = { as: asSeen.tokenRequests, api: api.seen.length };
    const transport = new StreamableHTTPClientTransport(new URL(resource), { authProvider, fetch: recordingFetch });
    const answer = await callTool(transport, 'whoami_downstream', { api: url });
    return { answer, exchanges: asSeen.tokenRequests - before.as, calls: api.seen.length - before.api };
  };
  const refused = (outcome, reason, exchanges) => {
    assert.equal(outcome.answer.isError, true, JSON.stringify(outcome.answer));
    assert.match(outcome.answer.content[0].text, reason);
    assert.equal(outcome.exchanges, exchanges, 'token requests to the provider');
    assert.equal(outcome.calls, 0, 'requests to the downstream API');
    return outcome.answer.content[0].text;
  };

  const ok = await call(apis.orders);
  assert.ok(!ok.answer.isError, JSON.stringify(ok.answer));
  assert.deepEqual([ok.exchanges, ok.calls], [1, 1]);
  const seen = ok.answer.structuredContent;
  assert.deepEqual([seen.aud, seen.sub, seen.act], [apis.orders, 'alice', { sub: 'svc-prefab' }]);
  assert.ok(seen.lifetime > 0 && seen.lifetime <= 60, `lifetime ${seen.lifetime}`);
  const sent = api.seen.at(-1).replace(/^Bearer /, '');
  assert.notEqual(sent, own);
  assert.deepEqual(asSeen.exchanged, [sent], 'the API got the token the provider issued in the exchange');
  results.push(`on_behalf_of(${apis.orders}): the API verified a token of the provider (aud the API, sub alice, act svc-prefab, ${seen.lifetime} s), not alice's`);

  const unlisted = refused(await call(apis.admin), /not a downstream API/, 0);
  results.push(`an API prefab does not list: refused with no request to the provider (${unlisted})`);
  const target = refused(await call(apis.payroll), /invalid_target/, 1);
  results.push(`an API the provider's policy refuses: ${target}`);
  revoked.add(JSON.parse(Buffer.from(own.split('.')[1], 'base64url')).jti);
  const grant = refused(await call(apis.orders), /invalid_grant/, 1);
  results.push(`alice's token revoked at the provider: ${grant}`);

  // Every token a client obtained (the rmcp client's too) or sent to prefab.
  const callers = new Set([...tokens, ...issued.filter((t) => !asSeen.exchanged.includes(t))]);
  assert.ok(callers.has(own) && callers.size >= 3 && api.seen.length === 1);
  for (const header of api.seen) {
    for (const token of callers) assert.ok(!header.includes(token), 'a caller token reached the API');
  }
  results.push(`the downstream API saw ${api.seen.length} Authorization header(s), none holding any of the ${callers.size} tokens of prefab's callers`);
}

/** The TypeScript SDK's protected resource metadata for the same mount and issuer. */
async function sdkMetadata(resource, issuer) {
  const oauthMetadata = await (await fetch(`${issuer}/.well-known/openid-configuration`)).json();
  const app = express();
  app.use(mcpAuthMetadataRouter({ oauthMetadata, resourceServerUrl: new URL(resource), scopesSupported: ['mcp'] }));
  const server = await new Promise((resolve) => { const s = app.listen(0, '127.0.0.1', () => resolve(s)); });
  const base = `http://127.0.0.1:${server.address().port}`;
  const answer = await (await fetch(`${base}/.well-known/oauth-protected-resource/mcp`)).json();
  await new Promise((resolve) => server.close(resolve));
  return answer;
}

async function compareMetadata(resource, issuer) {
  const url = resource.replace('/mcp', '/.well-known/oauth-protected-resource/mcp');
  const ours = await (await fetch(url)).json();
  const theirs = await sdkMetadata(resource, issuer);
  assert.equal(ours.resource, resource);
  assert.equal(ours.resource, theirs.resource);
  assert.deepEqual(ours.authorization_servers, theirs.authorization_servers);
  assert.deepEqual(ours.scopes_supported, theirs.scopes_supported);
  results.push(`metadata at /.well-known/oauth-protected-resource/mcp: resource ${ours.resource}, as the TypeScript SDK's mcpAuthMetadataRouter (${theirs.resource})`);
}

/** A token with a broken signature is refused, and its error text does not repeat it. */
async function refusedToken(resource) {
  const forged = `${issued[0].slice(0, -4)}AAAA`;
  const response = await fetch(resource, {
    method: 'POST',
    headers: { authorization: `Bearer ${forged}`, 'content-type': 'application/json',
      accept: 'application/json, text/event-stream' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/list' }),
  });
  assert.equal(response.status, 401);
  const challenge = response.headers.get('www-authenticate');
  assert.match(challenge, /^Bearer error="invalid_token"/);
  const body = await response.text();
  for (const text of [challenge, body]) assert.ok(!text.includes(forged.slice(-40)), text);
  tokens.push(forged);
  results.push(`a forged token: 401 ${challenge}`);
}

function checkLogs(logs) {
  assert.ok(logs.length > 0, 'the server wrote no log line');
  const requests = [];
  const secrets = [...new Set([...tokens, ...issued])];
  assert.ok(issued.length >= 3, 'the three clients obtained tokens');
  for (const line of logs) {
    const record = JSON.parse(line);
    for (const token of secrets) {
      // Neither the whole token nor the end of its signature may appear.
      for (const piece of [token, token.slice(-24)]) {
        assert.ok(!line.includes(piece), `a token in the log: ${line.slice(0, 120)}`);
      }
    }
    if (record.target === 'prefab_mcp::request') requests.push(record);
  }
  const calls = requests.filter((r) => r.method === 'tools/call' && r.tool === 'whoami' && r.status === 200);
  assert.equal(calls.length, 3, 'one request line per whoami call');
  assert.ok(requests.some((r) => r.status === 401), 'the 401s are logged');
  assert.ok(calls.every((r) => typeof r.duration_ms === 'number' && r.client), JSON.stringify(calls));
  results.push(`logs: ${logs.length} JSON lines, ${requests.length} request lines, none holds any of the ${secrets.length} tokens`);
}

const port = await freePort();
const resource = `http://127.0.0.1:${port}/mcp`;
const apiServer = http.createServer();
await new Promise((resolve) => apiServer.listen(0, '127.0.0.1', resolve));
const apiBase = `http://127.0.0.1:${apiServer.address().port}`;
const apis = { orders: `${apiBase}/orders/`, payroll: `${apiBase}/payroll/`, admin: `${apiBase}/admin/` };
const { issuer, server: asServer } = await startProvider(resource, apis.orders);
const api = await startApi(apiServer, apiBase, issuer);
const { child, logs } = await startServer(port, issuer, resource, [apis.orders, apis.payroll]);
try {
  await compareMetadata(resource, issuer);
  await clientCredentials(resource, issuer);
  const alice = await authorizationCode(resource);
  await rmcpClient(resource);
  await onBehalfOf(resource, alice, api, apis);
  await refusedToken(resource);
  // The request line is written before the answer leaves; give the pipe a moment.
  await new Promise((resolve) => setTimeout(resolve, 300));
  checkLogs(logs);
} finally {
  child.kill();
  asServer.close();
  apiServer.close();
}
for (const line of results) console.log(`ok - ${line}`);
console.log(`${results.length} passed, 0 failed`);
