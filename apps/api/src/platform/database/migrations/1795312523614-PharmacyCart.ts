import { type MigrationInterface, type QueryRunner } from "typeorm";

export class PharmacyCart1795312523614 implements MigrationInterface {
    name = 'PharmacyCart1795312523614'

    public async up(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`
            CREATE TABLE "pharmacy_cart_item" (
                "id" SERIAL NOT NULL,
                "pharmacy_user_id" integer NOT NULL,
                "type" text NOT NULL DEFAULT 'renewal',
                "product_id" integer NOT NULL,
                "reason" text NOT NULL DEFAULT '',
                "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
                CONSTRAINT "PK_c35fdbcdef3865407023ed58869" PRIMARY KEY ("id")
            )
        `);
        await queryRunner.query(`
            CREATE UNIQUE INDEX "IDX_b8e8f0fcab723032a12adf0d7c" ON "pharmacy_cart_item" ("pharmacy_user_id", "product_id")
        `);
        await queryRunner.query(`
            CREATE TABLE "pharmacy_cart" (
                "pharmacy_user_id" integer NOT NULL,
                "delivery_option_id" text,
                CONSTRAINT "PK_b6aba0e912b4e43dc0b045c5f47" PRIMARY KEY ("pharmacy_user_id")
            )
        `);
        await queryRunner.query(`
            ALTER TABLE "pharmacy_cart_item"
            ADD CONSTRAINT "FK_a608ac51077e5f890700b35aa86" FOREIGN KEY ("pharmacy_user_id") REFERENCES "pharmacy_user"("id") ON DELETE CASCADE ON UPDATE NO ACTION
        `);
        await queryRunner.query(`
            ALTER TABLE "pharmacy_cart_item"
            ADD CONSTRAINT "FK_759b1bbe4b26c3029c006abe562" FOREIGN KEY ("product_id") REFERENCES "product"("id") ON DELETE NO ACTION ON UPDATE NO ACTION
        `);
        await queryRunner.query(`
            ALTER TABLE "pharmacy_cart"
            ADD CONSTRAINT "FK_b6aba0e912b4e43dc0b045c5f47" FOREIGN KEY ("pharmacy_user_id") REFERENCES "pharmacy_user"("id") ON DELETE CASCADE ON UPDATE NO ACTION
        `);
    }

    public async down(queryRunner: QueryRunner): Promise<void> {
        await queryRunner.query(`
            ALTER TABLE "pharmacy_cart" DROP CONSTRAINT "FK_b6aba0e912b4e43dc0b045c5f47"
        `);
        await queryRunner.query(`
            ALTER TABLE "pharmacy_cart_item" DROP CONSTRAINT "FK_759b1bbe4b26c3029c006abe562"
        `);
        await queryRunner.query(`
            ALTER TABLE "pharmacy_cart_item" DROP CONSTRAINT "FK_a608ac51077e5f890700b35aa86"
        `);
        await queryRunner.query(`
            DROP TABLE "pharmacy_cart"
        `);
        await queryRunner.query(`
            DROP INDEX "public"."IDX_b8e8f0fcab723032a12adf0d7c"
        `);
        await queryRunner.query(`
            DROP TABLE "pharmacy_cart_item"
        `);
    }

}
