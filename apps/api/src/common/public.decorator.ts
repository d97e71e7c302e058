import { SetMetadata } from '@nestjs/common';

export const IS_PUBLIC = 'frostline:public';

/** Marks a route (or controller) that needs no project token. */
export const Public = () => SetMetadata(IS_PUBLIC, true);
