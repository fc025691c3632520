/**
 * The names a patient may type for an active ingredient, per ATC code: the Swedish and English INN
 * names (and common shorter forms), and Finnish forms other than the register's own substance name
 * (LAAKEAINE, which the catalogue keeps as `activeIngredient` and the search always knows). For a
 * combination, each substance is listed too, so 'budesonide' finds Symbicort (in Swedish only the
 * substances: the catalogs alone hold Swedish sentences, libs/domain/src/locales.spec.ts).
 *
 * The catalogue's search (product-search.ts) adds these to every package of that ATC code, at each
 * import and at start. It covers every ATC code of the shipped catalogue (docs/samples/products.csv;
 * test/api/product-search-names.test.ts checks it); a package of a code missing here is found by
 * its brand and its Finnish substance name only. Add a code's names here when the register brings
 * a new one (docs/catalogue.md, "Search").
 */
export interface InnNames {
  /** Finnish names besides the register's LAAKEAINE. */
  fi?: readonly string[];
  sv: readonly string[];
  en: readonly string[];
}

export const INN_NAMES: Readonly<Record<string, InnNames>> = {
  A02BA02: { sv: ['ranitidin'], en: ['ranitidine'] },
  A02BC01: { sv: ['omeprazol'], en: ['omeprazole'] },
  A02BC02: { sv: ['pantoprazol'], en: ['pantoprazole'] },
  A02BC03: { sv: ['lansoprazol'], en: ['lansoprazole'] },
  A10BA02: { sv: ['metformin'], en: ['metformin'] },
  B01AA03: { sv: ['warfarin'], en: ['warfarin'] },
  C03AA03: { sv: ['hydroklortiazid'], en: ['hydrochlorothiazide'] },
  C07AB02: { sv: ['metoprolol'], en: ['metoprolol'] },
  C07AB07: { sv: ['bisoprolol'], en: ['bisoprolol'] },
  C08CA01: { sv: ['amlodipin'], en: ['amlodipine'] },
  C09AA02: { sv: ['enalapril'], en: ['enalapril'] },
  C09AA05: { sv: ['ramipril'], en: ['ramipril'] },
  C09CA01: { sv: ['losartan'], en: ['losartan'] },
  C09CA03: { sv: ['valsartan'], en: ['valsartan'] },
  C09CA06: { sv: ['kandesartan'], en: ['candesartan'] },
  C10AA01: { sv: ['simvastatin'], en: ['simvastatin'] },
  C10AA05: { sv: ['atorvastatin'], en: ['atorvastatin'] },
  C10AA07: { sv: ['rosuvastatin'], en: ['rosuvastatin'] },
  G03AA12: {
    fi: ['drospirenoni', 'etinyyliestradioli'],
    sv: ['drospirenon', 'etinylestradiol'],
    en: ['drospirenone and ethinylestradiol', 'drospirenone', 'ethinylestradiol'],
  },
  G04BE03: { sv: ['sildenafil'], en: ['sildenafil'] },
  G04BE08: { sv: ['tadalafil'], en: ['tadalafil'] },
  H03AA01: {
    fi: ['levotyroksiini', 'tyroksiini'],
    sv: ['levotyroxinnatrium', 'levotyroxin', 'tyroxin'],
    en: ['levothyroxine sodium', 'levothyroxine', 'thyroxine'],
  },
  J01CA08: { sv: ['pivmecillinam'], en: ['pivmecillinam'] },
  J01EA01: { sv: ['trimetoprim'], en: ['trimethoprim'] },
  J01XE01: { sv: ['nitrofurantoin'], en: ['nitrofurantoin'] },
  N02AA05: { sv: ['oxikodon'], en: ['oxycodone'] },
  N02AJ06: {
    fi: ['kodeiini', 'parasetamoli'],
    sv: ['kodein', 'paracetamol'],
    en: ['codeine and paracetamol', 'codeine', 'paracetamol', 'acetaminophen'],
  },
  N02AX02: { sv: ['tramadol'], en: ['tramadol'] },
  N05BA01: { sv: ['diazepam'], en: ['diazepam'] },
  N05CD07: { sv: ['temazepam'], en: ['temazepam'] },
  N06AB06: { sv: ['sertralin'], en: ['sertraline'] },
  N06AB10: { sv: ['escitalopram'], en: ['escitalopram'] },
  R01AD08: { sv: ['flutikason'], en: ['fluticasone'] },
  R01AD09: { sv: ['mometason'], en: ['mometasone'] },
  R03AC02: { sv: ['salbutamol'], en: ['salbutamol', 'albuterol'] },
  R03AK07: {
    fi: ['budesonidi ja formoteroli', 'formoteroli', 'budesonidi'],
    sv: ['formoterol', 'budesonid'],
    en: ['formoterol and budesonide', 'budesonide and formoterol', 'formoterol', 'budesonide'],
  },
  R03DC03: { sv: ['montelukast'], en: ['montelukast'] },
  R06AE07: { sv: ['cetirizin'], en: ['cetirizine'] },
  R06AX22: { sv: ['ebastin'], en: ['ebastine'] },
  R06AX27: { sv: ['desloratadin'], en: ['desloratadine'] },
};

/** Every name of the ATC code's substance beyond the register's Finnish one (none for an unknown code). */
export function innNames(atcCode: string): string[] {
  const names = INN_NAMES[atcCode];
  return names ? [...(names.fi ?? []), ...names.sv, ...names.en] : [];
}
