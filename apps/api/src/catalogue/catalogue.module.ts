import { Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { ownRepositories, TransactionsModule } from '../platform/database/transactions.js';
import { CatalogueController } from './catalogue.controller.js';
import { CatalogueService } from './catalogue.service.js';
import { ProductSearchTerm } from './product-search-term.entity.js';
import { Product } from './product.entity.js';

@Module({
  imports: [TypeOrmModule.forFeature([Product, ProductSearchTerm]), TransactionsModule],
  controllers: [CatalogueController],
  providers: [CatalogueService, ...ownRepositories([Product])],
  exports: [CatalogueService],
})
export class CatalogueModule {}
