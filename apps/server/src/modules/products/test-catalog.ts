import type { Database } from '../../platform/db/client';
import { brands, categories, categoryParameters } from '../catalog/tables';

/** Categories and brands the product tests need (ids from 900000, apart from any demo data). */
export const TEST_CATEGORY = {
  root: 900_001,
  shelf: 900_002,
  leaf: 900_003,
  recycling: 900_004,
  locked: 900_005,
  slovak: 900_006,
} as const;
export const TEST_BRAND = { id: 'ACMETEST', name: 'Acmetest' } as const;

const names = (en: string) => ({ en, cs: en, sk: en, pl: en, hu: en, hr: en, sl: en });

export async function insertTestCatalog(database: Database): Promise<void> {
  const db = database.db;
  await db.insert(categories).values([
    { id: TEST_CATEGORY.root, shopId: 'CZ10MA', parentId: null, level: 1, sapId: 'T1', names: names('Test root') },
    {
      id: TEST_CATEGORY.shelf,
      shopId: 'CZ10MA',
      parentId: TEST_CATEGORY.root,
      level: 2,
      sapId: 'T2',
      names: names('Test shelf'),
    },
    {
      id: TEST_CATEGORY.leaf,
      shopId: 'CZ10MA',
      parentId: TEST_CATEGORY.shelf,
      level: 3,
      sapId: 'T3',
      names: names('T-shirts'),
    },
    {
      id: TEST_CATEGORY.recycling,
      shopId: 'CZ10MA',
      parentId: TEST_CATEGORY.shelf,
      level: 3,
      sapId: 'T4',
      names: names('Fridges'),
      recyclingFee: true,
    },
    {
      id: TEST_CATEGORY.locked,
      shopId: 'CZ10MA',
      parentId: TEST_CATEGORY.shelf,
      level: 3,
      sapId: 'T5',
      names: names('Weapons'),
      locked: true,
    },
    { id: TEST_CATEGORY.slovak, shopId: 'SK10MA', parentId: null, level: 3, sapId: 'T6', names: names('Slovak leaf') },
  ]);
  const option = (value: string) => ({ value, text: names(value) });
  await db.insert(categoryParameters).values([
    {
      id: 900_101,
      categoryId: TEST_CATEGORY.leaf,
      code: 'COLOR',
      names: names('Colour'),
      class: 'ENUM',
      variant: true,
      // Green has its own Czech name: variant titles of the Czech shop use it ("zelená").
      options: [option('red'), option('blue'), { value: 'green', text: { ...names('green'), cs: 'zelená' } }],
    },
    {
      id: 900_102,
      categoryId: TEST_CATEGORY.leaf,
      code: 'SIZE',
      names: names('Size'),
      class: 'ENUM',
      variant: true,
      options: ['S', 'M', 'L'].map(option),
    },
    {
      id: 900_103,
      categoryId: TEST_CATEGORY.leaf,
      code: 'WEIGHT_G',
      names: names('Weight'),
      class: 'NUMBER',
      unit: 'g',
      mandatoryForListing: true,
    },
    {
      id: 900_104,
      categoryId: TEST_CATEGORY.leaf,
      code: 'MATERIAL',
      names: names('Material'),
      class: 'TEXT',
      variant: true,
    },
  ]);
  await db.insert(brands).values({ id: TEST_BRAND.id, name: TEST_BRAND.name, urlKey: 'acmetest', tag: 'acmetest' });
}
