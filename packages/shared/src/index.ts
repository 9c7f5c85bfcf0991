export * from './api';
export * from './cart';
export * from './constants';
export * from './payments';
export * from './project-types';
export * from './quote';
export * from './routes';
export * from './texts';
export * from './texts-ordering';
export * from './validation';
export * from './wizard';
export * from './projects';
export * from './texts-projects';
export * from './reviews';
export * from './profile';
export * from './profile-translator';
export * from './messages';
export * from './statements';

export * from './plan-fit';

export * from './lm-dashboard';
