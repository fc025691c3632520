import { type MigrationInterface, type QueryRunner } from 'typeorm';

/**
 * The embedded Prescription Centre stand-in's resources (issue 41; development and tests only, empty
 * in production). The unique index on (resource type, identifier) makes a conditional create happen
 * once, whatever number of parallel creates or API nodes.
 */
export class DevPrescriptionCentre1796100000000 implements MigrationInterface {
  name = 'DevPrescriptionCentre1796100000000';

  public async up(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`
      CREATE TABLE "dev_centre_resource" (
        "id" uuid NOT NULL,
        "resource_type" text NOT NULL,
        "identifier" text,
        "subject_hetu" text NOT NULL,
        "resource" jsonb NOT NULL,
        "created_at" TIMESTAMP WITH TIME ZONE NOT NULL DEFAULT now(),
        CONSTRAINT "pk_dev_centre_resource" PRIMARY KEY ("id")
      )
    `);
    await queryRunner.query(`CREATE INDEX "idx_dev_centre_resource_subject" ON "dev_centre_resource" ("subject_hetu")`);
    await queryRunner.query(`CREATE UNIQUE INDEX "uq_dev_centre_resource_identifier" ON "dev_centre_resource" ("resource_type", "identifier") WHERE "identifier" IS NOT NULL`);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "public"."uq_dev_centre_resource_identifier"`);
    await queryRunner.query(`DROP INDEX "public"."idx_dev_centre_resource_subject"`);
    await queryRunner.query(`DROP TABLE "dev_centre_resource"`);
  }
}
