import assert from 'node:assert/strict';
import { describe, test } from 'node:test';
import { AllowedNetworksError, OutboundTargetError, checkOutboundUrl, parseAllowedNetworks } from './ssrf.js';
import type { HostResolver, OutboundTargetErrorCode } from './ssrf.js';

const NONE = parseAllowedNetworks('');

/** A resolver with fixed answers, so no test depends on real DNS (except `localhost`). */
function fakeDns(table: Record<string, string[]>): HostResolver {
  return async (hostname) => {
    const answers = table[hostname];
    if (!answers) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
    return answers.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  };
}
const dns = fakeDns({
  'hooks.example.com': ['93.184.216.34', '2606:2800:220:1:248:1893:25c8:1946'],
  'internal.example.com': ['10.1.2.3'],
  'metadata.example.com': ['169.254.169.254'],
  'mixed.example.com': ['93.184.216.34', '192.168.1.10'],
  'v6private.example.com': ['fd12:3456::1'],
  'empty.example.com': [],
});

async function refused(url: string, code: OutboundTargetErrorCode, allowed = NONE, resolve: HostResolver | null = dns) {
  await assert.rejects(checkOutboundUrl(url, allowed, resolve ? { resolve } : {}), (err: unknown) => {
    assert.ok(err instanceof OutboundTargetError, `expected OutboundTargetError, got ${String(err)}`);
    assert.equal(err.code, code, `${url}: ${err.detail}`);
    assert.ok(err.detail.length > 10);
    return true;
  });
}

describe('refused without an allow-list', () => {
  const forbidden = [
    'http://127.0.0.1:8080/hook',
    'http://127.1/',
    'http://2130706433/',
    'http://0x7f.0.0.1/',
    'http://10.0.0.5/',
    'http://172.16.0.1/',
    'http://172.31.255.254/',
    'http://192.168.1.1/',
    'http://169.254.169.254/latest/meta-data/',
    'http://[::1]/',
    'http://[::ffff:127.0.0.1]/',
    'http://[::ffff:10.0.0.1]/',
    'http://[::ffff:169.254.169.254]/',
    'http://100.64.0.1/',
    'http://100.127.255.254/',
    'http://[fc00::1]/',
    'http://[fd00:ec2::254]/',
    'http://[fe80::1]/',
    'http://0.0.0.0/',
    'http://0.1.2.3/',
    'http://[::]/',
    'http://255.255.255.255/',
    'http://224.0.0.1/',
    'http://[ff02::1]/',
    'http://192.0.2.10/', // documentation
    'http://198.51.100.1/',
    'http://203.0.113.5/',
    'http://198.18.0.1/', // benchmarking
    'http://240.0.0.1/', // reserved
    'http://[2001:db8::1]/',
    'http://[64:ff9b::a00:1]/', // NAT64 of 10.0.0.1
    'http://[64:ff9b::7f00:1]/', // NAT64 of 127.0.0.1
    'http://[2002:c0a8:101::1]/', // 6to4 of 192.168.1.1
    'http://[::7f00:1]/', // IPv4-compatible (deprecated)
    'http://internal.example.com/',
    'http://metadata.example.com/',
    'http://mixed.example.com/', // one private address among public ones refuses the target
    'http://v6private.example.com/',
  ];
  for (const url of forbidden) test(url, () => refused(url, 'forbidden_address'));
  test('https://localhost/ (system resolver, /etc/hosts)', () => refused('https://localhost/', 'forbidden_address', NONE, null));
});

describe('malformed or unsupported URLs', () => {
  for (const url of ['ftp://93.184.216.34/file', 'file:///etc/passwd', 'gopher://hooks.example.com/', 'javascript:alert(1)', 'ws://hooks.example.com/']) {
    test(url, () => refused(url, 'unsupported_scheme'));
  }
  for (const url of ['not a url', '', '/relative/path', 'http//missing-colon.example.com', 'http://exa mple.com/']) {
    test(JSON.stringify(url), () => refused(url, 'invalid_url'));
  }
  for (const url of ['http://user:pass@hooks.example.com/', 'https://user@93.184.216.34/', 'http://:secret@hooks.example.com/']) {
    test(url, () => refused(url, 'credentials_in_url'));
  }
  test('an unresolvable host', () => refused('https://nowhere.example.com/', 'dns_failed'));
  test('a host with no addresses', () => refused('https://empty.example.com/', 'dns_failed'));
});

test('public targets pass and every resolved address is returned', async () => {
  const target = await checkOutboundUrl('https://hooks.example.com:8443/in?x=1', NONE, { resolve: dns });
  assert.equal(target.url.href, 'https://hooks.example.com:8443/in?x=1');
  assert.equal(target.hostname, 'hooks.example.com');
  assert.deepEqual(target.addresses, [
    { address: '93.184.216.34', family: 4 },
    { address: '2606:2800:220:1:248:1893:25c8:1946', family: 6 },
  ]);
  assert.deepEqual((await checkOutboundUrl('http://93.184.216.34/', NONE)).addresses, [{ address: '93.184.216.34', family: 4 }]);
  const v6 = await checkOutboundUrl('http://[2606:4700::1111]/', NONE);
  assert.equal(v6.hostname, '2606:4700::1111');
  assert.deepEqual(v6.addresses, [{ address: '2606:4700::1111', family: 6 }]);
  // An IPv4-mapped public address is judged by the IPv4 it carries.
  await checkOutboundUrl('http://[::ffff:93.184.216.34]/', NONE);
});

test('the allow-list opens exactly the listed networks', async () => {
  const loopback4 = parseAllowedNetworks('127.0.0.0/8');
  assert.deepEqual((await checkOutboundUrl('http://127.0.0.1:3000/hook', loopback4)).addresses, [{ address: '127.0.0.1', family: 4 }]);
  await checkOutboundUrl('http://127.200.0.9/', loopback4);
  await refused('http://10.0.0.5/', 'forbidden_address', loopback4);
  await refused('http://169.254.169.254/', 'forbidden_address', loopback4);
  await refused('http://[::1]/', 'forbidden_address', loopback4); // ::1 is not in 127.0.0.0/8
  await refused('http://[::ffff:127.0.0.1]/', 'forbidden_address', loopback4); // nor is its mapped form

  const both = parseAllowedNetworks(' 127.0.0.0/8 , ::1/128,10.20.0.0/16 ');
  await checkOutboundUrl('http://[::1]:9/', both);
  await checkOutboundUrl('http://10.20.3.4/', both);
  await refused('http://10.21.0.1/', 'forbidden_address', both);
  await refused('http://[::2]/', 'forbidden_address', both);

  // localhost through the system resolver: 127.0.0.1 and/or ::1, both opened here.
  const local = await checkOutboundUrl('http://localhost:3000/', parseAllowedNetworks('127.0.0.0/8,::1/128'));
  assert.ok(local.addresses.length > 0 && local.addresses.every((a) => a.address === '127.0.0.1' || a.address === '::1'));

  const internal = parseAllowedNetworks('10.1.2.0/24');
  assert.deepEqual((await checkOutboundUrl('http://internal.example.com/', internal, { resolve: dns })).addresses, [{ address: '10.1.2.3', family: 4 }]);
});

test('parseAllowedNetworks validates every entry and names the bad one', () => {
  assert.deepEqual(parseAllowedNetworks('').cidrs, []);
  assert.deepEqual(parseAllowedNetworks(undefined).cidrs, []);
  assert.deepEqual(parseAllowedNetworks('127.0.0.0/8,,::1/128,').cidrs, ['127.0.0.0/8', '::1/128']);
  for (const bad of ['10.0.0.0/33', 'localhost', '127.0.0.1', '::1', '300.1.1.1/8', '10.0.0.0/8/8', 'fe80::/129']) {
    assert.throws(
      () => parseAllowedNetworks(`127.0.0.0/8,${bad}`),
      (err: unknown) => err instanceof AllowedNetworksError && err.entry === bad && err.message.includes(`"${bad}"`),
      bad,
    );
  }
});
