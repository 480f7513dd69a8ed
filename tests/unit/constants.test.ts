import { describe, expect, it } from 'vitest';
import * as D from '../../src/domain';

describe('business constants of spec section 9', () => {
  it('offers team letters A to M (13, no N)', () => {
    expect(D.TEAM_LETTERS.join('')).toBe('ABCDEFGHIJKLM');
    expect(D.TEAM_LETTERS).not.toContain('N');
  });

  it('offers year levels K and 1 to 12', () => {
    expect(D.YEAR_LEVELS).toEqual(['K', '1', '2', '3', '4', '5', '6', '7', '8', '9', '10', '11', '12']);
  });

  it('lists event levels, invoice types, user types and assignable roles', () => {
    expect(D.EVENT_LEVELS).toEqual(['Regional', 'State', 'National']);
    expect(D.INVOICE_TYPES).toEqual(['VIC', 'NSW']);
    expect(D.USER_TYPES).toEqual(['admin', 'auditor', 'school', 'racedept']);
    expect(D.ASSIGNABLE_ROLES).toEqual(['admin', 'auditor', 'racedept']);
  });

  it('lists the results choices', () => {
    expect(D.RESULT_DIVISIONS).toEqual([1, 2, 3, 4, 5, 6]);
    expect(D.RESULT_GENDERS).toEqual(['Male', 'Female', 'Co-Ed']);
    expect(D.RESULT_TYPES).toEqual(['Team', 'Individual', 'Combined']);
    expect(D.POINTSCORES).toEqual(['Skiing', 'Snowboard', 'Cross Country', 'Overall Pointscore']);
    expect(D.RESULT_SCHOOL_TYPES).toEqual(['Primary', 'Secondary']);
    expect(D.TROPHY_GENDERS).toEqual(['male', 'female']);
  });

  it('lists the invite choices', () => {
    expect(D.INVITE_DIVISIONS).toEqual([1, 2, 3, 4, 5, 6]);
    expect(D.INVITE_GENDERS).toEqual(['Male', 'Female']);
    expect(D.INVITE_LEVELS).toEqual(['State', 'National']);
  });

  it('lists the school choices and the NSW defaults', () => {
    expect(D.SCHOOL_TYPES).toEqual(['Co-ed', 'Male', 'Female']);
    expect(D.SCHOOL_CATEGORIES).toEqual(['Secondary', 'Primary', 'p-12']);
    expect(D.SCHOOL_GOV_OR_PRIVATE).toEqual(['Gov.', 'Ind.']);
    expect(D.DEFAULT_BPAY_STATE_ID).toBe(3);
    expect(D.NSW_REGIONS).toEqual(['Sydney', 'Northern NSW', 'Southern NSW']);
  });

  it('fixes the race-day defaults', () => {
    expect(D.DEFAULT_BIB_LIST_ROWS).toBe(50);
    expect(D.DEFAULT_START_MARSHALL_ROWS).toBe(50);
    expect(D.START_MARSHALL_TYPES).toEqual(['Start Marshall', 'Assistant Start Marshall']);
    expect(D.RUNS).toEqual(['First', 'Second']);
    expect(D.LIVE_HEATS_DISCIPLINES).toEqual([2, 10, 11]);
    expect(D.DEFAULT_FILE_SELECTION).toEqual({ DisciplineId: 1, division: 1, gender: 'Male' });
  });

  it('fixes the timings and grid sizes', () => {
    expect(D.AUTOFILL_POLL_MS).toBe(300);
    expect(D.LOGIN_REDIRECT_DELAY_MS).toBe(5);
    expect(D.GRID_ROW_HEIGHT_PX).toBe(31);
    expect(D.GRID_MAX_HEIGHT_PX).toBe(650);
    expect(D.GRID_MIN_HEIGHT_PX).toBe(120);
  });

  it('fixes the policy numbers of PRODUCT-DECISIONS', () => {
    expect(D.DEFAULT_VOLUNTEER_RATIO).toBe(8);
    expect(D.SESSION_IDLE_MS).toBe(12 * 3600 * 1000);
    expect(D.RESET_TOKEN_LIFE_MS).toBe(24 * 3600 * 1000);
    expect(D.MIN_PHONE_DIGITS).toBe(7);
    expect(D.MIN_GRID_DATE_YEAR).toBe(1900);
    expect(D.TEMP_ID_PREFIX).toBe('tempid');
  });

  it('names the external services as PRODUCT-DECISIONS does', () => {
    expect(D.ACCOUNTING_SEGMENT).toBe('xero');
    expect(D.REGISTRY_SEGMENT).toBe('snowracer');
  });

  it('lists the seven ticket fields', () => {
    expect(D.TICKET_FIELDS).toHaveLength(7);
  });
});
