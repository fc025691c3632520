import { Injectable } from '@nestjs/common';
import { InjectRepository } from '@nestjs/typeorm';
import type { EntityManager, Repository } from 'typeorm';
import type { Product as ProductDto } from '@resepti/domain';
import { Product } from './product.entity.js';

export function productDisplayName(product: Pick<Product, 'name' | 'strength'>): string {
  return `${product.name} ${product.strength}`;
}

export function toProductDto(product: Product): ProductDto {
  return { productId: product.id, displayName: productDisplayName(product), format: product.form, renewable: product.renewable };
}

@Injectable()
export class CatalogueService {
  constructor(@InjectRepository(Product) private readonly products: Repository<Product>) {}

  /** The available products, sorted by name, then form, then strength (SPEC section 3). */
  async availableProducts(): Promise<ProductDto[]> {
    const rows = await this.products.find({ where: { available: true } });
    const collator = new Intl.Collator('fi', { numeric: true, sensitivity: 'base' });
    rows.sort((a, b) => collator.compare(a.name, b.name) || collator.compare(a.form, b.form) || collator.compare(a.strength, b.strength));
    return rows.map(toProductDto);
  }

  /** An orderable product, or null when it does not exist or is not available. */
  async findAvailable(productId: number, manager: EntityManager = this.products.manager): Promise<Product | null> {
    return manager.getRepository(Product).findOneBy({ id: productId, available: true });
  }
}
