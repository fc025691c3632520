/**
 * The demo medicine catalogue: common Finnish prescription medicines with strength
 * (vahvuus) and form (lääkemuoto). `renewable: false` marks narcotic and PKV medicines,
 * which the service never renews; `available: false` marks products off the market.
 */
export interface CatalogueProduct {
  name: string;
  strength: string;
  form: string;
  available?: boolean;
  renewable?: boolean;
}

export const DEMO_PRODUCTS: readonly CatalogueProduct[] = [
  { name: 'Amlodipin Orion', strength: '5 mg', form: 'tabletti' },
  { name: 'Amlodipin Orion', strength: '10 mg', form: 'tabletti' },
  { name: 'Atorvastatin Krka', strength: '20 mg', form: 'tabletti, kalvopäällysteinen' },
  { name: 'Atorvastatin Krka', strength: '40 mg', form: 'tabletti, kalvopäällysteinen' },
  { name: 'Bisoprolol Accord', strength: '5 mg', form: 'tabletti' },
  { name: 'Candesartan ratiopharm', strength: '8 mg', form: 'tabletti' },
  { name: 'Candesartan ratiopharm', strength: '16 mg', form: 'tabletti' },
  { name: 'Cetirizin Sandoz', strength: '10 mg', form: 'tabletti, kalvopäällysteinen' },
  { name: 'Desloratadin Teva', strength: '5 mg', form: 'tabletti, kalvopäällysteinen' },
  { name: 'Enalapril Orion', strength: '10 mg', form: 'tabletti' },
  { name: 'Escitalopram Orion', strength: '10 mg', form: 'tabletti, kalvopäällysteinen' },
  { name: 'Flutide Nasal', strength: '50 mikrog/annos', form: 'nenäsumute, suspensio' },
  { name: 'Hydrochlorthiazid Orion', strength: '12,5 mg', form: 'tabletti' },
  { name: 'Kestine', strength: '10 mg', form: 'tabletti, kalvopäällysteinen' },
  { name: 'Lansoprazol Orion', strength: '30 mg', form: 'enterokapseli, kova' },
  { name: 'Levothyroxin Sandoz', strength: '50 mikrog', form: 'tabletti' },
  { name: 'Thyroxin Takeda', strength: '100 mikrog', form: 'tabletti' },
  { name: 'Losartan Krka', strength: '50 mg', form: 'tabletti, kalvopäällysteinen' },
  { name: 'Losartan Krka', strength: '100 mg', form: 'tabletti, kalvopäällysteinen' },
  { name: 'Metformin Accord', strength: '500 mg', form: 'tabletti, kalvopäällysteinen' },
  { name: 'Metformin Accord', strength: '1000 mg', form: 'tabletti, kalvopäällysteinen' },
  { name: 'Metoprolol Sandoz', strength: '47,5 mg', form: 'depottabletti' },
  { name: 'Mometason Sandoz', strength: '50 mikrog/annos', form: 'nenäsumute, suspensio' },
  { name: 'Montelukast Actavis', strength: '10 mg', form: 'tabletti, kalvopäällysteinen' },
  { name: 'Nitrofurantoin Orion', strength: '75 mg', form: 'tabletti' },
  { name: 'Omeprazol ratiopharm', strength: '20 mg', form: 'enterokapseli, kova' },
  { name: 'Pantoprazol Krka', strength: '40 mg', form: 'enterotabletti' },
  { name: 'Pivmecillinam Orion', strength: '200 mg', form: 'tabletti, kalvopäällysteinen' },
  { name: 'Ramipril Actavis', strength: '5 mg', form: 'tabletti' },
  { name: 'Rosuvastatin Krka', strength: '10 mg', form: 'tabletti, kalvopäällysteinen' },
  { name: 'Salbutamol Orion Easyhaler', strength: '0,2 mg/annos', form: 'inhalaatiojauhe' },
  { name: 'Sertralin Accord', strength: '50 mg', form: 'tabletti, kalvopäällysteinen' },
  { name: 'Sildenafil Teva', strength: '50 mg', form: 'tabletti, kalvopäällysteinen' },
  { name: 'Sildenafil Teva', strength: '100 mg', form: 'tabletti, kalvopäällysteinen' },
  { name: 'Simvastatin ratiopharm', strength: '20 mg', form: 'tabletti, kalvopäällysteinen' },
  { name: 'Symbicort Turbuhaler', strength: '160/4,5 mikrog/annos', form: 'inhalaatiojauhe' },
  { name: 'Tadalafil Sandoz', strength: '5 mg', form: 'tabletti, kalvopäällysteinen' },
  { name: 'Tadalafil Sandoz', strength: '20 mg', form: 'tabletti, kalvopäällysteinen' },
  { name: 'Trimetoprim Orion', strength: '160 mg', form: 'tabletti' },
  { name: 'Valsartan Orion', strength: '80 mg', form: 'tabletti, kalvopäällysteinen' },
  { name: 'Warfarin Orion', strength: '3 mg', form: 'tabletti' },
  { name: 'Yasmin', strength: '3 mg/0,03 mg', form: 'tabletti, kalvopäällysteinen' },
  { name: 'Zyrtec', strength: '10 mg', form: 'tabletti, kalvopäällysteinen' },
  { name: 'Losec', strength: '20 mg', form: 'enterokapseli, kova', available: false },
  { name: 'Ranitidin ratiopharm', strength: '150 mg', form: 'tabletti', available: false },
  { name: 'Cipralex', strength: '10 mg', form: 'tabletti, kalvopäällysteinen', available: false },
  // Narcotic and PKV medicines: listed in the catalogue but never renewed through the service.
  { name: 'Diapam', strength: '5 mg', form: 'tabletti', renewable: false },
  { name: 'Tenox', strength: '20 mg', form: 'tabletti', renewable: false },
  { name: 'Oxynorm', strength: '5 mg', form: 'kapseli, kova', renewable: false },
  { name: 'Panacod', strength: '500 mg/30 mg', form: 'tabletti', renewable: false },
  { name: 'Tramadol Vitabalans', strength: '50 mg', form: 'kapseli, kova', renewable: false },
];
