/** The staff page reads its tabs' queries with the staff API's schemas (issue 18). */
import { describe, expect, it } from 'vitest';
import { ADMIN_PAGE_SIZE, adminBriefsQuerySchema, adminOrdersQuerySchema, adminUsersQuerySchema } from '../../src/domain/validation/admin.ts';
import { tabQuery } from '../../src/web/features/admin/tab-query.ts';

describe('tabQuery', () => {
  it('reads filters and the page as the API does, with the one page size', () => {
    expect(tabQuery(adminBriefsQuerySchema, new URLSearchParams('tab=briefs&status=approved&page=3'))).toEqual({ status: 'approved', page: 3, pageSize: ADMIN_PAGE_SIZE });
    expect(tabQuery(adminOrdersQuerySchema, new URLSearchParams('q=&country=kr'))).toEqual({ country: 'kr', page: 1, pageSize: ADMIN_PAGE_SIZE });
  });

  it('leaves out only what does not parse: an unknown status, a search too long, a page of words', () => {
    expect(tabQuery(adminBriefsQuerySchema, new URLSearchParams('status=nope&page=2'))).toEqual({ page: 2, pageSize: ADMIN_PAGE_SIZE });
    expect(tabQuery(adminUsersQuerySchema, new URLSearchParams(`q=${'x'.repeat(101)}&page=2`), { pageSize: ADMIN_PAGE_SIZE })).toEqual({ page: 2, pageSize: ADMIN_PAGE_SIZE });
    expect(tabQuery(adminOrdersQuerySchema, new URLSearchParams('page=abc&status=paid&from=2026-01-01'))).toEqual({ from: '2026-01-01', page: 1, pageSize: ADMIN_PAGE_SIZE });
  });
});
