import { accountExportSchema, chatTurnSchema } from '@bible-qa/contract';
import { z } from 'zod';

// Loaded with the first answer that needs them, keeping zod out of the first page load.
export { accountExportSchema };
export const turnsSchema = z.array(chatTurnSchema);
