import { listQuery, offsetOf, pageCount, rangeLabel, readPage, withFilters } from './paging';

describe('paging', () => {
  it('turns page numbers into offsets', () => {
    expect(offsetOf({ page: 1, pageSize: 25 })).toBe(0);
    expect(offsetOf({ page: 3, pageSize: 10 })).toBe(20);
  });

  it('counts at least one page', () => {
    expect(pageCount(0, 25)).toBe(1);
    expect(pageCount(25, 25)).toBe(1);
    expect(pageCount(26, 25)).toBe(2);
  });

  it('reads the page from the address and ignores odd values', () => {
    expect(readPage(new URLSearchParams('page=3&size=50'))).toEqual({ page: 3, pageSize: 50 });
    expect(readPage(new URLSearchParams('page=-1&size=7'))).toEqual({ page: 1, pageSize: 25 });
    expect(readPage(new URLSearchParams('page=2.5'))).toEqual({ page: 1, pageSize: 25 });
  });

  it('sends only the filters that have a value, trimmed', () => {
    expect(listQuery({ page: 2, pageSize: 10 }, { q: '  acme ', enabled: '', openId: undefined })).toEqual({ limit: '10', offset: '10', q: 'acme' });
  });

  it('sets several filters in one address, removes the emptied ones, keeps the others and goes back to page 1', () => {
    const search = new URLSearchParams('page=3&size=50&openId=open-1&state=active&tab=x');
    expect(withFilters(search, { openId: '', permissionCode: 'cloud-30', ipcMac: 'aa:bb:cc:dd:ee:01', state: undefined }).toString()).toBe(
      'size=50&state=active&tab=x&permissionCode=cloud-30&ipcMac=aa%3Abb%3Acc%3Add%3Aee%3A01',
    );
    expect(search.toString()).toBe('page=3&size=50&openId=open-1&state=active&tab=x');
  });

  it('labels the range shown', () => {
    expect(rangeLabel({ page: 2, pageSize: 25 }, 25, 73)).toBe('26–50 of 73');
    expect(rangeLabel({ page: 3, pageSize: 25 }, 23, 73)).toBe('51–73 of 73');
    expect(rangeLabel({ page: 1, pageSize: 25 }, 0, 0)).toBe('none');
  });
});
