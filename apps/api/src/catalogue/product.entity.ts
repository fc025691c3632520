import { Column, Entity, Index, PrimaryGeneratedColumn } from 'typeorm';

/**
 * A medicine package in the catalogue (name, vahvuus = strength, lääkemuoto = form), imported from
 * the national register's file by `npm run admin -- import-products` (docs/catalogue.md). Never
 * deleted: a package off the market is only unavailable, and old orders still show it.
 */
@Entity()
// The search by every name a patient may type is product_search_term's (product-search.ts).
export class Product {
  @PrimaryGeneratedColumn()
  id!: number;

  /** VNR, the Nordic article number of the package; null for products from before the import. */
  @Index('uq_product_vnr', { unique: true, where: '"vnr" IS NOT NULL' })
  @Column({ type: 'text', nullable: true })
  vnr!: string | null;

  @Column({ type: 'text' })
  name!: string;

  @Column({ type: 'text' })
  strength!: string;

  @Column({ type: 'text' })
  form!: string;

  /** The form's EDQM Standard Term code (10221000), from its Finnish term; null for a form not in DOSAGE_FORMS (shown in Finnish). */
  @Column({ type: 'text', nullable: true })
  formCode!: string | null;

  /** Pakkauskoko, e.g. '30 kpl'. */
  @Column({ type: 'text', default: '' })
  packageSize!: string;

  /** The alternatives of a package not on sale are the available ones of its ATC code. */
  @Index('idx_product_atc_code')
  @Column({ type: 'text', default: '' })
  atcCode!: string;

  /** The ATC substance name in Finnish (atorvastatiini). */
  @Column({ type: 'text', default: '' })
  activeIngredient!: string;

  @Column({ type: 'boolean', default: true })
  available!: boolean;

  /** False for narcotic and PKV medicines: they cannot be renewed through the service. */
  @Column({ type: 'boolean', default: true })
  renewable!: boolean;
}
