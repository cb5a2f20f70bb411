import { staffEndpoints } from '../endpoints-staff';

/** The back office's group (endpoints-staff.ts). */
export const { staff } = staffEndpoints;
