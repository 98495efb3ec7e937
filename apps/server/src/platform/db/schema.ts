export * from '../../modules/account/tables';
export * from '../../modules/auth/tables';
export * from '../../modules/partner/tables';
export * from '../audit/tables';
export * from '../flags/tables';
export * from '../mail/tables';
export * from '../../modules/grid/tables';
export * from '../../modules/orders/tables';
