import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  loginBodySchema,
  noneAsNull,
  sessionBodySchema,
  sessionSelectionSchema,
  sessionUserSchema,
  volunteerSlotSchema,
  volunteerSlotWriteSchema,
} from '../../src/domain';
import { uuid } from './factories';

describe("the spec's 0 for 'none'", () => {
  it('reads 0, "0", "" and null as null', () => {
    const schema = noneAsNull(z.uuid());
    for (const none of [0, '0', '', null]) expect(schema.parse(none)).toBeNull();
    expect(schema.parse(uuid(1))).toBe(uuid(1));
  });

  it('refuses other numbers and malformed ids', () => {
    const schema = noneAsNull(z.uuid());
    expect(schema.safeParse(1).success).toBe(false);
    expect(schema.safeParse('school-1').success).toBe(false);
  });

  it('accepts SchoolId and EventId 0 or null in POST /api/session/ and answers null', () => {
    expect(sessionBodySchema.parse({ SchoolId: 0, EventId: uuid(10) })).toEqual({ SchoolId: null, EventId: uuid(10) });
    expect(sessionBodySchema.parse({ SchoolId: null, EventId: 0 })).toEqual({ SchoolId: null, EventId: null });
  });

  it('accepts a login with EventId 0, null or absent', () => {
    expect(loginBodySchema.parse({ username: 'a@b.com', password: 'x', EventId: 0 }).EventId).toBeNull();
    expect(loginBodySchema.parse({ username: 'a@b.com', password: 'x' }).EventId).toBeUndefined();
  });

  it('reads VolunteerId 0 on a slot as no volunteer', () => {
    const slot = volunteerSlotWriteSchema.parse({ id: uuid(1), VolunteerId: 0, preferences: [] });
    expect(slot.VolunteerId).toBeNull();
  });

  it('answers null, never 0, in response schemas', () => {
    const slot = { id: uuid(1), VolunteerId: 0, preferences: [] };
    expect(volunteerSlotSchema.safeParse(slot).success).toBe(false);
    expect(volunteerSlotSchema.safeParse({ ...slot, VolunteerId: null }).success).toBe(true);
  });

  it('serialises a session user with no school as null', () => {
    const user = {
      type: 'admin',
      SchoolId: null,
      EventId: null,
      eventName: null,
      schoolName: null,
      eventType: null,
      invoiceType: null,
      eventStates: [],
      selectedSchool: null,
      username: 'admin@interschools.test',
      firstSeasonLogin: false,
      locked: false,
      passwordHash: 'must not leak',
    };
    const encoded = z.encode(sessionUserSchema, user as never);
    expect(encoded).not.toHaveProperty('passwordHash');
    expect(encoded.SchoolId).toBeNull();
    expect(sessionSelectionSchema.safeParse({ ...user, SchoolId: 0 }).success).toBe(false);
  });
});
