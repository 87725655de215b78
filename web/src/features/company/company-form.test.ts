import { describe, expect, it } from 'vitest';
import type { TParkDetail } from '@flotte/contract';
import { REMINDER_MESSAGES } from '@flotte/contract/reminders';
import { ZCompanyForm, companyBody, companyDefaults } from './company-form.ts';

const park: TParkDetail = {
  id: 'p1',
  name: 'Taxis du Wouri',
  code: 'TAXIS-DU-WOURI-1',
  country_code: 'CM',
  city: 'Douala',
  currency: 'XAF',
  time_zone: 'Africa/Douala',
  phone: '+237699001122',
  phone_code: '237',
  legal_notice: 'SARL',
  logo: null,
  logo_url: null,
  operations_need_confirmation: false,
  service_soon_days: 30,
  service_soon_km: 1000,
};

describe('company form body', () => {
  it('names the optional fields emptied in clear, in JSON and in form data', () => {
    const values = ZCompanyForm.parse({ ...companyDefaults(park), city: '', phone: '' });
    const json = companyBody(values, null, false);
    expect(json).toMatchObject({ name: 'Taxis du Wouri', legal_notice: 'SARL', clear: ['city', 'phone'] });

    const form = companyBody(values, new File(['x'], 'logo.png', { type: 'image/png' }), false) as FormData;
    expect(JSON.parse(String(form.get('clear')))).toEqual(['city', 'phone']);
    expect(form.get('legal_notice')).toBe('SARL');
    expect(form.has('city')).toBe(false);
  });

  it("sends the service reminders' 'soon' thresholds, as digits in form data", () => {
    const values = ZCompanyForm.parse({ ...companyDefaults(park), service_soon_days: 15, service_soon_km: 500 });
    expect(companyBody(values, null, false)).toMatchObject({ service_soon_days: 15, service_soon_km: 500 });
    const form = companyBody(values, new File(['x'], 'logo.png', { type: 'image/png' }), false) as FormData;
    expect(form.get('service_soon_days')).toBe('15');
    expect(form.get('service_soon_km')).toBe('500');
  });

  it("refuses a 'soon' threshold of 0 with the contract's message", () => {
    const parsed = ZCompanyForm.safeParse({ ...companyDefaults(park), service_soon_days: 0 });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toBe(REMINDER_MESSAGES.soonDays);
  });

  it('sends no clear when every optional field is filled', () => {
    expect(companyBody(ZCompanyForm.parse(companyDefaults(park)), null, false)).not.toHaveProperty('clear');
  });
});
