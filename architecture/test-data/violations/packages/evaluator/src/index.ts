export const evaluate = () => 'evaluated';
