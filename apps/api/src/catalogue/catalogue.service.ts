import { Injectable, Logger, type OnApplicationBootstrap } from '@nestjs/common';
import { Brackets, In } from 'typeorm';
import { InjectOwn, type OwnRepository } from '../platform/database/transactions.js';
import type { Product as ProductDto } from '@resepti/domain';
import { Product } from './product.entity.js';

export function productDisplayName(product: Pick<Product, 'name' | 'strength'>): string {
  return `${product.name} ${product.strength}`;
}

export function toProductDto(product: Product): ProductDto {
  return { productId: product.id, displayName: productDisplayName(product), format: product.form, renewable: product.renewable };
}

/** LIKE's own characters in a search text match themselves. */
const escapeLike = (text: string) => text.replace(/[\\%_]/g, '\\$&');

const collator = new Intl.Collator('fi', { numeric: true, sensitivity: 'base' });

/** Sorted by name, then form, then strength (SPEC section 3). */
function byNameFormStrength(a: Product, b: Product): number {
  return collator.compare(a.name, b.name) || collator.compare(a.form, b.form) || collator.compare(a.strength, b.strength);
}

@Injectable()
export class CatalogueService implements OnApplicationBootstrap {
  private readonly logger = new Logger('Catalogue');

  constructor(@InjectOwn(Product) private readonly products: OwnRepository<Product>) {}

  /** A service without medicines cannot renew anything: say so where the operator looks first. */
  async onApplicationBootstrap(): Promise<void> {
    if (!(await this.products.repo.existsBy({ available: true }))) {
      this.logger.warn('the medicine catalogue has no available products: customers are told it is unavailable. Import it with `npm run admin -- import-products FILE` (docs/catalogue.md)');
    }
  }

  /**
   * The available products, sorted by name, then form, then strength. With a search text only
   * those whose brand (with strength) or active ingredient starts with it, case and accents
   * ignored: 'atorvastatiini' and 'ATORVASTATIN' both find Atorvastatin Krka (the indexes of the
   * ProductCatalogue migration).
   */
  async availableProducts(search = ''): Promise<ProductDto[]> {
    const query = this.products.repo.createQueryBuilder('p').where('p.available = true');
    const text = search.trim();
    if (text !== '') {
      query.andWhere(
        new Brackets((match) =>
          match
            .where(`product_search_key(p.name || ' ' || p.strength) LIKE product_search_key(:prefix) || '%'`)
            .orWhere(`product_search_key(p.activeIngredient) LIKE product_search_key(:prefix) || '%'`),
        ),
        { prefix: escapeLike(text) },
      );
    }
    const rows = await query.getMany();
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
}
