import { describe, expect, it } from 'vitest';
import { ConfigError, DEFAULT_SMS_HOURLY_BUDGET, loadConfig } from '../env.ts';

describe('SMS_HOURLY_BUDGET', () => {
  it('defaults to 100 SMS an hour and takes a whole number of at least 1', () => {
    expect(DEFAULT_SMS_HOURLY_BUDGET).toBe(100);
    expect(loadConfig({}).smsHourlyBudget).toBe(100);
    expect(loadConfig({ SMS_HOURLY_BUDGET: '250' }).smsHourlyBudget).toBe(250);
    for (const bad of ['0', '-5', '1.5', 'lots']) {
      expect(() => loadConfig({ SMS_HOURLY_BUDGET: bad })).toThrow(ConfigError);
      expect(() => loadConfig({ SMS_HOURLY_BUDGET: bad })).toThrow(
        'Invalid configuration: SMS_HOURLY_BUDGET: SMS_HOURLY_BUDGET must be a whole number of SMS per hour, at least 1',
      );
    }
  });
});
