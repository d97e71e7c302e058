import { api } from '@frostline/api';

export const indexerApi = api;
