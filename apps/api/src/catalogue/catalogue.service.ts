import { Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { In } from 'typeorm';
import { InjectOwn, Transactions, type OwnRepository } from '../platform/database/transactions.js';
import type { Product as ProductDto } from '@resepti/domain';
import { Product } from './product.entity.js';
import { searchKey, syncSearchTerms } from './product-search.js';

export function productDisplayName(product: Pick<Product, 'name' | 'strength'>): string {
  return `${product.name} ${product.strength}`;
}

export function toProductDto(product: Product): ProductDto {
  return { productId: product.id, displayName: productDisplayName(product), format: product.form, renewable: product.renewable, available: product.available };
}

/** LIKE's own characters in a search text match themselves. */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, '\\$&');

const collator = new Intl.Collator('fi', { numeric: true, sensitivity: 'base' });

/** Sorted by name, then form, then strength (SPEC section 3). */
function byNameFormStrength(a: Product, b: Product): number {
  return collator.compare(a.name, b.name) || collator.compare(a.form, b.form) || collator.compare(a.strength, b.strength);
}

/** At most this many packages asked for alternatives at once. */
export const MAX_ALTERNATIVES_OF = 20;

@Injectable()
export class CatalogueService implements OnApplicationBootstrap {
  private readonly logger = new Logger('Catalogue');

  constructor(
    @InjectOwn(Product) private readonly products: OwnRepository<Product>,
    private readonly transactions: Transactions,
  ) {}

  /**
   * Brings the search terms to the catalogue and this release's INN names (nothing is written when
   * they agree). A service without medicines cannot renew anything: say so where the operator
   * looks first.
   */
  async onApplicationBootstrap(): Promise<void> {
    await this.transactions.run(() => syncSearchTerms(this.products.repo));
    if (!(await this.products.repo.existsBy({ available: true }))) {
      this.logger.warn('the medicine catalogue has no available products: customers are told it is unavailable. Import it with `npm run admin -- import-products FILE` (docs/catalogue.md)');
    }
  }

  /**
   * The products sorted by name, then form, then strength: every available one, or with a search
   * text those that any of their names with the strength starts with (product-search.ts), case and
   * accents ignored: 'atorvastatiini', 'ATORVASTATIN' and 'atorvastatin 20' find Atorvastatin Krka,
   * 'omeprazole' Omeprazol ratiopharm. `withUnavailable`: the search answers packages not on sale
   * too (the chats tell the patient so).
   */
  async search(text = '', { withUnavailable = false } = {}): Promise<ProductDto[]> {
    const query = this.products.repo.createQueryBuilder('p');
    const key = searchKey(text);
    if (text.trim() !== '') {
      // A text of marks only has no key: it names nothing.
      if (key === '') return [];
      query.where('p.id IN (SELECT t.product_id FROM product_search_term t WHERE t.term LIKE :prefix)', { prefix: `${escapeLike(key)}%` });
      if (!withUnavailable) query.andWhere('p.available = true');
    } else {
      query.where('p.available = true');
    }
    const rows = await query.getMany();
    return rows.sort(byNameFormStrength).map(toProductDto);
  }

  /** The available products, or those a search text finds (search). */
  availableProducts(text = ''): Promise<ProductDto[]> {
    return this.search(text);
  }

  /** The available products of the same ATC code (the same substance) as these packages, but not these. */
  async alternatives(productIds: readonly number[]): Promise<ProductDto[]> {
    const ids = [...productIds];
    const rows = await this.products.repo
      .createQueryBuilder('p')
      .where('p.available = true')
      .andWhere(`p.atcCode IN (SELECT o.atc_code FROM product o WHERE o.id = ANY(:ids) AND o.atc_code <> '')`, { ids })
      .andWhere('p.id <> ALL(:ids)', { ids })
      .getMany();
    return rows.sort(byNameFormStrength).map(toProductDto);
  }

  /** An orderable product, or null when it does not exist or is not available (in the ambient transaction, if any). */
  async findAvailable(productId: number): Promise<Product | null> {
    return this.products.repo.findOneBy({ id: productId, available: true });
  }

  /** The available products with these VNR package numbers (the Prescription Centre names packages by VNR). */
  async availableByVnrs(vnrs: string[]): Promise<Product[]> {
    if (vnrs.length === 0) return [];
    return this.products.repo.findBy({ vnr: In(vnrs), available: true });
  }

  /** These products (available or not), in the ambient transaction if any. */
  async byIds(ids: number[]): Promise<Product[]> {
    return this.products.repo.findBy({ id: In(ids) });
  }

  /**
   * The available products a doctor may prescribe (no narcotic or PKV medicine) whose ATC code
   * starts with one of `prefixes` (a topic's usual medicines, prescribing.ts), sorted as every list is.
   */
  async prescribableByAtc(prefixes: readonly string[]): Promise<ProductDto[]> {
    if (prefixes.length === 0) return [];
    const rows = await this.products.repo
      .createQueryBuilder('p')
      .where('p.available = true AND p.renewable = true')
      .andWhere('p.atcCode LIKE ANY(:patterns)', { patterns: prefixes.map((prefix) => `${escapeLike(prefix)}%`) })
      .getMany();
    return rows.sort(byNameFormStrength).map(toProductDto);
  }
}
