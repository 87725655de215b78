import { ZSupplierInput } from '@flotte/contract';
import type { Db } from '../platform/db/database.ts';
import { uuidv7 } from '../platform/ids.ts';
import { supplierCategories, supplierContacts, supplierOnCategory, suppliers } from '../modules/suppliers/suppliers.tables.ts';

/** The demo park's garages, parts sellers, tyre fitter, insurer and car wash (issue 18 section 5). */
interface SupplierSeed {
  name: string;
  categories: string[];
  business?: string;
  street: string;
  contacts: [string, string][];
  suspended?: boolean;
}

export const DEMO_SUPPLIER_CATEGORIES = ['Garage', 'Pièces détachées', 'Pneumatiques', 'Assurance', 'Lavage'];
const SUPPLIERS: SupplierSeed[] = [
  { name: 'Garage Central Akwa', categories: ['Garage'], business: 'Garage Central SARL', street: 'Akwa', contacts: [['Emmanuel Nkodo', 'Chef d’atelier'], ['Clarisse Fotso', 'Secrétaire']] },
  { name: 'Auto Service Bonabéri', categories: ['Garage'], street: 'Bonabéri', contacts: [['Hervé Kamga', 'Gérant']] },
  { name: 'Mécanique Express Makepe', categories: ['Garage', 'Pièces détachées'], street: 'Makepe', contacts: [['Samuel Tagne', 'Mécanicien principal']] },
  { name: 'Pièces Auto Deido', categories: ['Pièces détachées'], business: 'Deido Pièces SARL', street: 'Deido', contacts: [['Grâce Essomba', 'Commerciale'], ['Boris Manga', 'Magasinier']] },
  { name: 'Pneus Plus Ndokoti', categories: ['Pneumatiques'], street: 'Ndokoti', contacts: [['Patrice Onana', 'Gérant']] },
  { name: 'Assurances du Littoral', categories: ['Assurance'], business: 'Assurances du Littoral SA', street: 'Bonanjo', contacts: [['Mireille Owona', 'Chargée de clientèle']] },
  { name: 'Lavage Auto Bonapriso', categories: ['Lavage'], street: 'Bonapriso', contacts: [['Kevin Biyik', 'Responsable']] },
  // Too slow to deliver: kept with its history, no longer offered.
  { name: 'Garage du Wouri', categories: ['Garage'], street: 'Bassa', contacts: [['Joël Ndongo', 'Gérant']], suspended: true },
];

/**
 * The suppliers of the demo, by name. Each form goes through the suppliers' schema (the form's
 * rules and messages); the rows go in at once, as the service writes them (supplier, categories,
 * correspondents in order), every category the park's own by construction. One is suspended.
 */
export async function seedDemoSuppliers(db: Db, parkId: string, now: Date): Promise<Map<string, string>> {
  const categoryRows = DEMO_SUPPLIER_CATEGORIES.map((name) => ({ id: uuidv7(), parkId, name }));
  await db.insert(supplierCategories).values(categoryRows);
  const categories = new Map(categoryRows.map((c) => [c.name, c.id]));
  const forms = SUPPLIERS.map((s, i) => {
    const slug = s.name.toLowerCase().normalize('NFD').replace(/[^a-z]+/g, '');
    const input = ZSupplierInput.parse({
      name: s.name,
      business_name: s.business,
      social_reason: '-',
      niu: s.business ? `M0${41_000_000 + i * 7_919}A` : undefined,
      rccm: s.business ? `RC/DLA/2019/B/${1_200 + i * 37}` : undefined,
      phone: `+23769${String(9_100_000 + i * 1_371).padStart(7, '0')}`,
      email: `contact@${slug}.cm`,
      city: 'Douala',
      street: s.street,
      categories: s.categories.map((c) => categories.get(c)!),
      contacts: s.contacts.map(([name, fn], k) => ({
        name,
        phone: `+23767${String(7_200_000 + i * 211 + k).padStart(7, '0')}`,
        email: `${name.split(' ')[0].toLowerCase().normalize('NFD').replace(/[^a-z]/g, '')}@${slug}.cm`,
        function: fn,
      })),
    });
    return { id: uuidv7(), input, suspended: !!s.suspended };
  });
  await db.insert(suppliers).values(
    forms.map(({ id, input: f, suspended }) => ({
      id,
      parkId,
      name: f.name,
      businessName: f.business_name ?? null,
      socialReason: f.social_reason ?? null,
      niu: f.niu ?? null,
      rccm: f.rccm ?? null,
      phone: f.phone,
      email: f.email ?? null,
      city: f.city ?? null,
      street: f.street ?? null,
      desactivateAt: suspended ? now : null,
    })),
  );
  await db.insert(supplierOnCategory).values(forms.flatMap((f) => f.input.categories.map((categoryId) => ({ supplierId: f.id, categoryId }))));
  await db.insert(supplierContacts).values(forms.flatMap((f) => f.input.contacts.map((c, position) => ({ supplierId: f.id, position, ...c }))));
  return new Map(forms.map((f) => [f.input.name, f.id]));
}
