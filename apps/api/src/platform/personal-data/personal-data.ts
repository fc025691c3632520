import { Injectable, Module } from '@nestjs/common';

/** Whose data a copy is of (GDPR articles 15 and 20): the account, and the hetu its orders were made under. */
export interface DataSubject {
  customerId: number;
  hetu: string;
}

type Rows = Array<Record<string, unknown>>;

/**
 * The sections of a person's copy of their data, each read by the module that owns its table
 * (payments its checkouts, notifications its text messages): the data-rights export asks here
 * instead of reading other modules' tables. A module registers its section when it starts.
 */
@Injectable()
export class PersonalData {
  private readonly readers = new Map<string, (subject: DataSubject) => Promise<Rows>>();

  register(section: string, read: (subject: DataSubject) => Promise<Rows>): void {
    this.readers.set(section, read);
  }

  /** A section's rows; a section no module registered is a wiring error, never an empty copy. */
  read(section: string, subject: DataSubject): Promise<Rows> {
    const reader = this.readers.get(section);
    if (!reader) throw new Error(`personal data: no module reads the section '${section}'`);
    return reader(subject);
  }
}

/** Provides the one PersonalData of the app (import it where a section is registered or read). */
@Module({ providers: [PersonalData], exports: [PersonalData] })
export class PersonalDataModule {}
