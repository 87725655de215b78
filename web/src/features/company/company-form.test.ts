import { describe, expect, it } from 'vitest';
import type { TParkDetail } from '@flotte/contract';
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

  it('sends no clear when every optional field is filled', () => {
    expect(companyBody(ZCompanyForm.parse(companyDefaults(park)), null, false)).not.toHaveProperty('clear');
  });
});
