/** The small rules of sign-in: the referral cookie, the auth store's modules, where the login entry is offered, the error catalogue. */
import { readFileSync } from 'node:fs';
import t from 'tap';
import {
  IDENTITY_ERROR_CODES,
  identityErrorMessage,
  type LoginTexts,
  PRODUCT_MESSAGE_CODES,
} from '#app/content/schemas/login.ts';
import { isLoginOffered } from '#app/layout/login-entry.tsx';
import { referralCookie } from '#app/login/referral-cookie.ts';
import {
  clearSession,
  hasGalaxyUser,
  initialAuthState,
  isAuthenticated,
  setProfile,
  setToken,
} from '#app/state/auth-store.ts';

const user = { uid: 'u1', email: 'a@example.com', name: null, role: 'viewer', status: 'active' } as const;

t.test(
  'the referral cookie: 20 seconds on path /, secure except on localhost, on the shared parent domain',
  async (t) => {
    t.equal(referralCookie('localhost'), 'galaxy-referrer=website; path=/; max-age=20; samesite=lax');
    t.equal(referralCookie('127.0.0.1'), 'galaxy-referrer=website; path=/; max-age=20; samesite=lax');
    t.equal(
      referralCookie('www.nordstern-digital.example'),
      'galaxy-referrer=website; path=/; max-age=20; samesite=lax; secure',
    );
    t.equal(
      referralCookie('www.nordstern-digital.example', '.nordstern-digital.example'),
      'galaxy-referrer=website; path=/; max-age=20; samesite=lax; domain=.nordstern-digital.example; secure',
    );
    t.equal(
      referralCookie('nordstern-digital.example', 'nordstern-digital.example'),
      'galaxy-referrer=website; path=/; max-age=20; samesite=lax; domain=nordstern-digital.example; secure',
      'the apex itself',
    );
    t.notMatch(
      referralCookie('www.other.example', '.nordstern-digital.example'),
      'domain=',
      'a domain the page is not on is left out',
    );
    t.notMatch(
      referralCookie('evilnordstern-digital.example', '.nordstern-digital.example'),
      'domain=',
      'a look-alike is no subdomain',
    );
  },
);

t.test(
  'the auth store: a failed profile is false, authenticated needs token and user, a failed token clears it',
  async (t) => {
    const state = initialAuthState();
    t.equal(hasGalaxyUser(state), false);
    setProfile(state, undefined);
    t.equal(state.galaxyUser, false, 'a failed profile load sets the user to false');
    setProfile(state, user);
    t.equal(hasGalaxyUser(state), true);
    t.equal(isAuthenticated(state), false, 'no token yet');
    setToken(state, 'tok');
    t.equal(isAuthenticated(state), true);
    setToken(state, undefined);
    t.equal(state.token, null, 'a failed token load clears the token');
    t.equal(isAuthenticated(state), false);
    state.identity = { uid: 'u1', email: 'a@example.com', emailVerified: true };
    setToken(state, 'tok');
    clearSession(state);
    t.same({ ...state, loading: false }, initialAuthState(), 'signed out: identity, Galaxy user and token are gone');
  },
);

t.test('the login entry is not offered on excluded paths and below them', async (t) => {
  const exclusions = ['/newsletter', '/unternehmen/karriere/'];
  t.equal(isLoginOffered('/', exclusions), true);
  t.equal(isLoginOffered('/newsletter', exclusions), false);
  t.equal(isLoginOffered('/newsletter/abc', exclusions), false);
  t.equal(isLoginOffered('/newsletters', exclusions), true, 'a longer name is another path');
  t.equal(isLoginOffered('/unternehmen/karriere/senior-data-engineer', exclusions), false);
  t.equal(isLoginOffered('/anything', []), true);
});

t.test(
  'every identity error code and product message has its text in both languages; unknown codes get the general one',
  async (t) => {
    for (const language of ['en', 'de']) {
      const texts = JSON.parse(readFileSync(`content/${language}/login.json`, 'utf8')) as LoginTexts;
      for (const code of IDENTITY_ERROR_CODES) t.ok(texts.errors[code], `${language} ${code}`);
      for (const code of PRODUCT_MESSAGE_CODES) t.ok(texts.messages[code], `${language} ${code}`);
      t.equal(identityErrorMessage(texts, 'auth/wrong-password'), texts.errors['auth/wrong-password']);
      t.equal(identityErrorMessage(texts, 'auth/something-new'), texts.failed);
      t.equal(identityErrorMessage(texts, 'toString'), texts.failed, 'no prototype member is a message');
      t.equal(identityErrorMessage(texts, undefined), texts.failed);
    }
    const en = JSON.parse(readFileSync('content/en/login.json', 'utf8')) as LoginTexts;
    t.equal(en.errors['auth/wrong-password'], 'The password is wrong, or this account has no password.');
    t.equal(
      en.errors['auth/too-many-requests'],
      'Because of unusual activity, we have blocked all requests from this device for now. Please try again later.',
    );
    t.equal(en.errors['auth/invalid-email'], 'Please enter a valid email address.');
    t.equal(en.errors['auth/missing-email'], 'Please enter your email address.');
    t.equal(en.messages['auth/wrongRole'], 'You do not have permission to do this.');
    t.equal(en.messages['auth/unauthorized'], 'You are not authorised to do this.');
    t.equal(en.messages['auth/inactiveTool'], 'This tool is not available at the moment.');
    t.equal(en.no_account, 'You do not have an account or invitation.');
  },
);
