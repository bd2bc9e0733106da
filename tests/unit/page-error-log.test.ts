/** A page's unexpected error is logged without the statement's parameters (issue 13, item 6). */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { handleError } from '../../src/web/entry.server.tsx';

describe('page error log', () => {
  afterEach(() => vi.restoreAllMocks());

  it('names the failure and its statement but never a parameter', () => {
    const lines: string[] = [];
    vi.spyOn(console, 'error').mockImplementation((line: string) => void lines.push(line));
    const guestId = 'Zq9vH3kLm2Np4Rs6Tu8Wx0Yz1Ab3Cd5Ef7Gh9Ij1Kl';
    const error = Object.assign(new Error(`Failed query: select * from orders where guest_id = $1\\nparams: ${guestId}`), {
      query: 'select * from orders where guest_id = $1', params: [guestId],
    });
    handleError(error, { request: new Request('http://shop.test/kr/orders/SL-1'), params: {}, context: undefined as never });
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain('select * from orders where guest_id = $1');
    expect(lines[0]).toContain('/kr/orders/SL-1');
    expect(lines[0]).not.toContain(guestId);
  });

  it('does not log what a loader throws on purpose', () => {
    const spy = vi.spyOn(console, 'error').mockImplementation(() => {});
    handleError(new Response(null, { status: 404 }), { request: new Request('http://shop.test/kr/x'), params: {}, context: undefined as never });
    expect(spy).not.toHaveBeenCalled();
  });
});
