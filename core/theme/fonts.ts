// Poppins is bundled with the portal (woff2 files next to the CSS), so no font request leaves the site.
// Only the weights the portal uses: regular text, medium labels, semibold headings.
import '@fontsource/poppins/400.css';
import '@fontsource/poppins/500.css';
import '@fontsource/poppins/600.css';
