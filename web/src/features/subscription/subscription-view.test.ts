import { describe, expect, it } from 'vitest';
import { ErrorCodes } from '@flotte/contract/errors';
import type { TSubscription, TSubscriptionInfo } from '@flotte/contract/subscriptions';
import { annualDiscountText, planPriceText, planVehiclesText, vehicleCountProblem } from './plan-display.ts';
import { SUBSCRIPTION_LIMIT_CODES } from './subscription-limit.ts';
import { afterPayment, bannerOf, dayText, defaultCountry, invoiceFileName, isPayable, subscriptionActions, subscriptionCard, usagePercent } from './subscription-view.ts';

const sub = (over: Partial<TSubscription> = {}): TSubscription => ({
  id: 's1',
  start_date: '2026-11-01',
  end_date: '2026-11-30',
  is_active: true,
  status: 'active',
  plan: 'monthly',
  plan_id: 'p1',
  vehicle_number: 10,
  offer: null,
  renew: false,
  amount: 25_000,
  price_per_vehicle: 2_500,
  currency: 'XAF',
  type: 'starter',
  application_type: 'particulier',
  is_trial: false,
  label: 'Starter mensuel',
  ...over,
});

const info = (over: Partial<TSubscriptionInfo> = {}): TSubscriptionInfo => ({
  state: 'active',
  subscription: sub(),
  next: null,
  vehicles_used: 4,
  vehicles_allowed: 10,
  days_left: 20,
  ends_on: '2026-11-30',
  near_end: false,
  can_add_vehicles: true,
  country_code: 'CM',
  currency: 'XAF',
  application_type: 'particulier',
  open_invoice_id: null,
  ...over,
});

const trial = () => info({ state: 'trial', subscription: sub({ is_trial: true, label: 'Essai gratuit', price_per_vehicle: 0, vehicle_number: 5 }), vehicles_allowed: 5 });
const expired = () => info({ state: 'expired', subscription: null, vehicles_allowed: 0, days_left: 0, ends_on: null, near_end: true });

describe('the subscription card', () => {
  it('names the plan, counts the vehicles and dates the end as dd/MM/yyyy', () => {
    const view = subscriptionCard(info({ next: sub({ label: 'Premium annuel', start_date: '2026-12-01', end_date: '2027-11-30' }) }));
    expect(view).toMatchObject({ title: 'Starter mensuel', state: 'En cours', usage: '4 / 10 véhicules', percent: 40, full: false, endDate: '30/11/2026' });
    expect(view.daysLeft).toBe('Il reste 20 jours');
    expect(view.applicationType).toBe('Particulier');
    expect(view.price).toBe('2,500 XAF par mois');
    expect(view.next).toBe('Premium annuel du 01/12/2026 au 30/11/2027');
  });

  it("reads 'Essai gratuit' on trial and 'Aucun abonnement' once ended", () => {
    expect(subscriptionCard(trial())).toMatchObject({ title: 'Essai gratuit', state: "Période d'essai", price: 'Gratuit' });
    expect(subscriptionCard(expired())).toMatchObject({ title: 'Aucun abonnement', state: 'Terminé', endDate: null, daysLeft: 'Terminé', usage: '4 / 0 véhicule', full: true, percent: 100 });
  });

  it('fills the bar with the share used, full past the count', () => {
    expect(usagePercent(0, 5)).toBe(0);
    expect(usagePercent(5, 5)).toBe(100);
    expect(usagePercent(7, 5)).toBe(100);
    expect(usagePercent(0, 0)).toBe(0);
  });

  it('reads a park day as written', () => {
    expect(dayText('2027-01-09')).toBe('09/01/2027');
    expect(dayText(null)).toBe('');
  });
});

describe('the actions the card offers', () => {
  it('offers nothing without UPDATE_SUBSCRIPTION', () => {
    expect(subscriptionActions(info(), false)).toEqual([]);
  });

  it('subscribes on trial (and migrates a particulier for free), buys more on a paid one', () => {
    expect(subscriptionActions(trial(), true)).toEqual(['choose', 'migrate']);
    expect(subscriptionActions(expired(), true)).toEqual(['choose']);
    expect(subscriptionActions(info(), true)).toEqual(['upgrade', 'extend', 'migrate', 'change']);
  });

  it('offers the professional account only to a particulier', () => {
    expect(subscriptionActions(info({ application_type: 'professionnel' }), true)).toEqual(['upgrade', 'extend', 'change']);
  });
});

describe('the dashboard banner', () => {
  it('stays away while more than 15 days are left', () => {
    expect(bannerOf(info())).toBeNull();
    expect(bannerOf({ ...trial(), days_left: 16 })).toBeNull();
  });

  it('counts the days left near the end, a trial included', () => {
    expect(bannerOf(info({ near_end: true, days_left: 12 }))).toEqual({ tone: 'warning', text: 'Votre abonnement arrive à son terme\u00a0: il reste 12 jours' });
    expect(bannerOf(info({ near_end: true, days_left: 1 }))?.text).toBe('Votre abonnement arrive à son terme\u00a0: dernier jour');
    expect(bannerOf({ ...trial(), days_left: 15 })?.text).toBe("Vous êtes en période d'essai\u00a0: il reste 15 jours");
  });

  it('says when it has ended', () => {
    expect(bannerOf(expired())).toMatchObject({ tone: 'danger' });
    expect(bannerOf(expired())?.text).toMatch(/^Votre abonnement est terminé\u00a0: /);
  });
});

describe('plans and invoices', () => {
  it('prices a plan per vehicle and period, with its limit and the annual saving', () => {
    expect(planPriceText({ price_per_vehicle: 25_000, currency: 'XAF', period: 'annual' })).toBe('25,000 XAF par véhicule par an');
    expect(planVehiclesText({ max_vehicles: 10 })).toBe("Jusqu'à 10 véhicules");
    expect(planVehiclesText({ max_vehicles: null })).toBe('Véhicules illimités');
    expect(annualDiscountText([{ discount_percent: 0 }, { discount_percent: 17 }])).toBe('-17\u00a0%');
    expect(annualDiscountText([])).toBeNull();
  });

  it('wants at least the vehicles in use and at most the plan allows', () => {
    expect(vehicleCountProblem(null, 0, null)).toMatch(/au moins 1/);
    expect(vehicleCountProblem(3, 4, null)).toMatch(/au moins 4/);
    expect(vehicleCountProblem(11, 4, { max_vehicles: 10 })).toMatch(/au plus 10/);
    expect(vehicleCountProblem(10, 4, { max_vehicles: 10 })).toBeNull();
    expect(vehicleCountProblem(500, 4, { max_vehicles: null })).toBeNull();
  });

  it('lets only an unpaid invoice be paid, and goes home after a change or a migration', () => {
    expect(isPayable({ status: 'unpaid' })).toBe(true);
    expect(isPayable({ status: 'pending' })).toBe(false);
    expect(isPayable({ status: 'expired' })).toBe(false);
    expect(afterPayment('migrate')).toEqual({ message: 'Migration réussie', home: true });
    expect(afterPayment('change')).toEqual({ message: 'Forfait mis à jour', home: true });
    expect(afterPayment('upgrade')).toEqual({ message: 'Forfait mis à jour', home: false });
    expect(invoiceFileName('FLT-2026-000123')).toBe('Facture_FLT-2026-000123.pdf');
  });

  it("starts the plan choice in the park's country when plans are sold there", () => {
    expect(defaultCountry({ country_code: 'SN' })).toBe('SN');
    expect(defaultCountry({ country_code: 'FR' })).toBe('CM');
  });

  it('knows the contract codes of a vehicle the subscription does not cover', () => {
    expect(SUBSCRIPTION_LIMIT_CODES.vehicleLimit).toBe(ErrorCodes.SUBSCRIPTION_VEHICLE_LIMIT.code);
    expect(SUBSCRIPTION_LIMIT_CODES.expired).toBe(ErrorCodes.SUBSCRIPTION_EXPIRED.code);
  });
});
