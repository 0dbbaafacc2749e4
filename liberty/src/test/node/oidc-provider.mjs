// A real OpenID provider for the black-box sign-in tests (npm oidc-provider, a certified implementation).
// Started by OidcSignInIT; not part of the product. Accounts: any login name signs in (development
// interactions); "alice" is in the admin group, login names starting with "coder" also in "coders", everyone
// in "staff". OIDC_REDIRECT_URI and OIDC_POST_LOGOUT_REDIRECT_URI may list several URIs, comma-separated. Access tokens for the
// resource urn:moe:api are JWTs carrying the groups claim.
import Provider from 'oidc-provider';

const port = Number(process.env.OIDC_PORT);
const issuer = `http://127.0.0.1:${port}`;
const adminGroup = process.env.OIDC_ADMIN_GROUP ?? 'moe-admins';
const groupsOf = (login) => (login === 'alice' ? [adminGroup, 'staff'] : login.startsWith('coder') ? ['staff', 'coders'] : ['staff']);
const list = (value) => (value ?? '').split(',').map((uri) => uri.trim()).filter((uri) => uri);
// Service clients signing in with client_credentials: their group decides admin rights.
// moe-stranger is in the admin group but not among the clients whose tokens the server accepts.
const serviceGroups = { 'moe-robot': [adminGroup], 'moe-batch': [adminGroup], 'moe-viewer': ['staff'], 'moe-stranger': [adminGroup] };
const api = 'urn:moe:api';

const provider = new Provider(issuer, {
  clients: [
    {
      client_id: process.env.OIDC_CLIENT_ID,
      client_secret: process.env.OIDC_CLIENT_SECRET,
      redirect_uris: list(process.env.OIDC_REDIRECT_URI),
      post_logout_redirect_uris: list(process.env.OIDC_POST_LOGOUT_REDIRECT_URI),
      grant_types: ['authorization_code'],
      response_types: ['code'],
      token_endpoint_auth_method: 'client_secret_post',
    },
    ...Object.keys(serviceGroups).map((id) => ({
      client_id: id,
      client_secret: `${id}-secret`,
      redirect_uris: [],
      grant_types: ['client_credentials'],
      response_types: [],
      token_endpoint_auth_method: 'client_secret_post',
    })),
  ],
  async findAccount(ctx, id) {
    return {
      accountId: id,
      async claims() {
        return { sub: id, preferred_username: id, name: id, email: `${id}@example.org`, email_verified: true, groups: groupsOf(id) };
      },
    };
  },
  claims: { openid: ['sub'], profile: ['preferred_username', 'name'], email: ['email', 'email_verified'], groups: ['groups'] },
  scopes: ['openid', 'profile', 'email', 'groups', 'offline_access', 'api'],
  conformIdTokenClaims: false,
  pkce: { required: () => false },
  cookies: { keys: ['moe-it-cookie-key'] },
  features: {
    devInteractions: { enabled: true },
    clientCredentials: { enabled: true },
    resourceIndicators: {
      enabled: true,
      defaultResource: () => undefined,
      useGrantedResource: () => false,
      getResourceServerInfo: () => ({ scope: 'api', audience: api, accessTokenFormat: 'jwt', jwt: { sign: { alg: 'RS256' } } }),
    },
  },
  async extraTokenClaims(ctx, token) {
    const groups = token.accountId ? groupsOf(token.accountId) : serviceGroups[token.clientId];
    return { groups, preferred_username: token.accountId ?? token.clientId };
  },
});
provider.listen(port, '127.0.0.1', () => console.log(`oidc-provider listening on ${issuer}`));
