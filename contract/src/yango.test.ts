import { describe, expect, it } from 'vitest';
import { cleanYangoPhone, yangoPhoneSearchable, ZYangoImportInput, ZYangoLinkUpdate } from './yango.ts';

// Spec 000 section 5: the phone typed in the Yango search, cleaned of a leading + and calling code,
// of the calling code itself, of spaces, dashes, parentheses and dots.
describe('cleanYangoPhone', () => {
  it('drops a leading + with the calling code, and the spaces', () => {
    expect(cleanYangoPhone('+225 07 00 00 00 12')).toBe('0700000012');
    expect(cleanYangoPhone('+2250700000012')).toBe('0700000012');
  });

  it('drops 00 with the calling code', () => {
    expect(cleanYangoPhone('00225 07 00 00 00 12')).toBe('0700000012');
    expect(cleanYangoPhone('002250700000012')).toBe('0700000012');
  });

  it('drops the calling code written without + when a whole number remains', () => {
    expect(cleanYangoPhone('225 07 00 00 00 12')).toBe('0700000012');
    expect(cleanYangoPhone('2250700000012')).toBe('0700000012');
  });

  it('drops dots, dashes and parentheses', () => {
    expect(cleanYangoPhone('(07) 00.00-00.12')).toBe('0700000012');
    expect(cleanYangoPhone('+225 (07) 00-00-00.12')).toBe('0700000012');
  });

  it("uses the park country's calling code", () => {
    expect(cleanYangoPhone('+237 6 99 00 00 00', '237')).toBe('699000000');
    expect(cleanYangoPhone('00237 699 000 000', '+237')).toBe('699000000');
    expect(cleanYangoPhone('237699000000', '237')).toBe('699000000');
    // Another country's number keeps its own calling code, only the + goes.
    expect(cleanYangoPhone('+225 07 00 00 00 12', '237')).toBe('2250700000012');
    // 225 when the park's country names none.
    expect(cleanYangoPhone('+225 07 00 00 00 12', '')).toBe('0700000012');
  });

  it('keeps short numbers as typed, calling-code look-alike included', () => {
    expect(cleanYangoPhone('0700')).toBe('0700');
    expect(cleanYangoPhone('22507000')).toBe('22507000');
    expect(cleanYangoPhone('2250700')).toBe('2250700');
  });

  it('enables the search from 8 characters of the cleaned phone', () => {
    expect(yangoPhoneSearchable('+225 07 00 00')).toBe(false);
    expect(yangoPhoneSearchable('+225 07 00 00 00')).toBe(true);
    expect(yangoPhoneSearchable('07 00 00 00')).toBe(true);
    expect(yangoPhoneSearchable('07 00 00 0')).toBe(false);
  });
});

describe('the link options', () => {
  it('defaults the collect time to 09:00 and refuses an impossible hour', () => {
    const base = { yango_id: 'y1', code: 'c', otp: '123456' };
    expect(ZYangoImportInput.parse(base)).toMatchObject({ collect_time: '09:00', use_yango_recipe: false });
    expect(ZYangoImportInput.safeParse({ ...base, collect_time: '24:00' }).success).toBe(false);
    expect(ZYangoLinkUpdate.safeParse({ collect_time: '23:59', use_yango_recipe: true }).success).toBe(true);
    expect(ZYangoLinkUpdate.safeParse({ collect_time: '7:60', use_yango_recipe: true }).success).toBe(false);
  });
});
