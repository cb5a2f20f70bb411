/** The id of the public pages' stylesheet: the prerendered pages' `<link>`, else the injected `<style>`. */
export const MARKETING_STYLE_ID = 'mfe-marketing-styles';
