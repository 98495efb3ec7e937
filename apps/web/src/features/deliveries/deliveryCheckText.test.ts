import en from '../../../../../packages/domain/src/i18n/locales/en.json';
import i18next from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { deliveryProblemText } from './deliveryCheckText';

const problem = (over: Record<string, unknown>) =>
  ({
    kind: 'NO_METHOD',
    blocking: true,
    methodId: null,
    methodCode: null,
    methodTitle: null,
    packageSize: null,
    measure: null,
    bound: null,
    limit: null,
    value: null,
    ...over,
  }) as Parameters<typeof deliveryProblemText>[0];

const number = (n: number) => new Intl.NumberFormat('en', { maximumFractionDigits: 3 }).format(n);

describe('a delivery problem in words', () => {
  const i18n = i18next.createInstance();
  beforeAll(async () => {
    await i18n.init({ lng: 'en', resources: { en: { translation: en } } });
  });

  it('names the method, the measure, the value and the limit, to the gram', () => {
    const t = i18n.t.bind(i18n);
    expect(
      deliveryProblemText(
        problem({
          kind: 'OVER_WEIGHT_LIMIT',
          methodTitle: 'PPL',
          measure: 'weight',
          bound: 'MAX',
          limit: 10,
          value: 10.001,
        }),
        t,
        number,
      ),
    ).toBe("PPL: the weight 10.001 kg is over the method's limit of 10 kg.");
    expect(
      deliveryProblemText(
        problem({ kind: 'OVER_SIZE_LIMIT', methodTitle: 'DPD', measure: 'height', bound: 'MIN', limit: 5, value: 4.5 }),
        t,
        number,
      ),
    ).toBe("DPD: height 4.5 cm is under the method's minimum of 5 cm.");
  });

  it('names the package size in the words of the product form', () => {
    const t = i18n.t.bind(i18n);
    expect(deliveryProblemText(problem({ kind: 'NO_METHOD_FOR_PACKAGE_SIZE', packageSize: 'BIGBOX' }), t, number)).toBe(
      'None of your delivery methods carries this package size (Big box).',
    );
    expect(deliveryProblemText(problem({ kind: 'WEIGHT_MISSING', methodTitle: 'GLS' }), t, number)).toBe(
      "GLS prices by weight levels: fill in the product's weight.",
    );
  });
});
