/** The contract's validators of reading plans, in the plans pages' own chunk. */
export { planCalendarSchema, planDayStateSchema, planListSchema } from '@bible-qa/contract';
