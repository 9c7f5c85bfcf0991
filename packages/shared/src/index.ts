export * from './api';
export * from './constants';
export * from './project-types';
export * from './routes';
export * from './texts';
export * from './validation';
