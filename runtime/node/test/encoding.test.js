import { test } from 'node:test';
import assert from 'node:assert/strict';
import {
  strictEncode,
  encodePathSegment,
  buildPath,
  formQuery,
  delimitedQuery,
  deepObjectQuery,
  queryString,
  encodeQuery,
  InvalidArgumentError,
} from '../src/index.js';

test('path segments cannot change the path', () => {
  assert.equal(encodePathSegment('../admin'), '..%2Fadmin');
  assert.equal(encodePathSegment('a/b'), 'a%2Fb');
  assert.equal(encodePathSegment('a?b#c'), 'a%3Fb%23c');
  assert.equal(encodePathSegment('%2e%2e'), '%252e%252e');
  assert.equal(encodePathSegment('...'), '...');
  assert.equal(encodePathSegment("it's (*)!"), 'it%27s%20%28%2A%29%21');
  assert.equal(encodePathSegment('ü'), '%C3%BC');
  for (const bad of ['', '.', '..', null, undefined, { a: 1 }]) {
    assert.throws(() => encodePathSegment(bad), InvalidArgumentError, JSON.stringify(bad));
  }
  // the URL parser would resolve these; the encoded forms stay put
  const url = new URL(`http://h/users/${encodePathSegment('../../etc/passwd')}/x`);
  assert.equal(url.pathname, '/users/..%2F..%2Fetc%2Fpasswd/x');
});

test('path segments: scalars and simple-style arrays', () => {
  assert.equal(encodePathSegment(42), '42');
  assert.equal(encodePathSegment(10n), '10');
  assert.equal(encodePathSegment(true), 'true');
  assert.equal(encodePathSegment(new Date(Date.UTC(2024, 0, 2))), '2024-01-02T00%3A00%3A00.000Z');
  assert.equal(encodePathSegment(['a', 'b/c']), 'a,b%2Fc');
  assert.throws(() => encodePathSegment(Number.NaN), InvalidArgumentError);
});

test('buildPath fills every placeholder', () => {
  assert.equal(buildPath('/orders/{orderId}/items/{itemId}', { orderId: 'o 1', itemId: 7 }), '/orders/o%201/items/7');
  assert.throws(() => buildPath('/orders/{orderId}', {}), InvalidArgumentError);
  assert.throws(() => buildPath('/orders/{orderId}', { orderId: '..' }), InvalidArgumentError);
});

test('form style, explode and not', () => {
  assert.deepEqual(formQuery('id', [1, 2]), ['id=1', 'id=2']);
  assert.deepEqual(formQuery('id', [1, 2], { explode: false }), ['id=1,2']);
  assert.deepEqual(formQuery('q', 'a b&c=d'), ['q=a%20b%26c%3Dd']);
  assert.deepEqual(formQuery('q', undefined), []);
  assert.deepEqual(formQuery('q', null), []);
  assert.deepEqual(formQuery('tags', []), []);
  assert.deepEqual(formQuery('tags', [], { explode: false }), ['tags=']);
  assert.deepEqual(formQuery('obj', { role: 'admin', first: 'A,B' }), ['role=admin', 'first=A%2CB']);
  assert.deepEqual(formQuery('obj', { role: 'admin', n: 5 }, { explode: false }), ['obj=role,admin,n,5']);
  assert.deepEqual(formQuery('flag', false), ['flag=false']);
});

test('space and pipe delimited', () => {
  assert.deepEqual(delimitedQuery('id', [1, 'a b'], 'space'), ['id=1%20a%20b']);
  assert.deepEqual(delimitedQuery('id', [1, 2, 3], 'pipe'), ['id=1|2|3']);
  assert.deepEqual(delimitedQuery('id', undefined, 'pipe'), []);
  assert.throws(() => delimitedQuery('id', 'x', 'pipe'), InvalidArgumentError);
});

test('deepObject', () => {
  assert.deepEqual(deepObjectQuery('filter', { status: 'open', min: 3 }), ['filter[status]=open', 'filter[min]=3']);
  assert.deepEqual(deepObjectQuery('f', { a: { b: 'x y' } }), ['f[a][b]=x%20y']);
  assert.deepEqual(deepObjectQuery('f', { ids: [1, 2], skip: null }), ['f[ids]=1', 'f[ids]=2']);
  assert.deepEqual(deepObjectQuery('f', undefined), []);
  assert.throws(() => deepObjectQuery('f', [1]), InvalidArgumentError);
});

test('queryString and encodeQuery', () => {
  assert.equal(queryString(formQuery('a', 1), [], deepObjectQuery('f', { x: 'y' })), 'a=1&f[x]=y');
  assert.equal(queryString(), '');
  assert.equal(encodeQuery('?a=1'), 'a=1');
  assert.equal(encodeQuery('a=1'), 'a=1');
  assert.equal(encodeQuery(new URLSearchParams({ a: 'b c' })), 'a=b+c');
  assert.equal(encodeQuery({ a: [1, 2], b: 'x/y', c: undefined }), 'a=1&a=2&b=x%2Fy');
  assert.equal(encodeQuery(undefined), '');
  assert.throws(() => encodeQuery(42), InvalidArgumentError);
  assert.equal(strictEncode("!'()*"), '%21%27%28%29%2A');
});
