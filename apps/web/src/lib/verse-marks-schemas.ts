/** The contract's validators of the reader's marks, in their own chunk (loaded with the first marks asked for). */
export { annotationListSchema, annotationPageSchema } from '@bible-qa/contract';
