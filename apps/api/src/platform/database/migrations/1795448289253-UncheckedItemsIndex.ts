import { type MigrationInterface, type QueryRunner } from "typeorm";

export class UncheckedItemsIndex1795448289253 implements MigrationInterface {
    name = 'UncheckedItemsIndex1795448289253'

    public async up(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`
            CREATE INDEX "idx_order_item_unchecked" ON "order_item" ("order_id")
            WHERE "pharmacy_checked" = false
        `);
    }

    public async down(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`
            DROP INDEX "public"."idx_order_item_unchecked"
        `);
    }

}
