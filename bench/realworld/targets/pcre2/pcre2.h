// pcre2.h: pcre2's public header for a build by hand, which its README
// says is pcre2.h.generic copied unchanged.
#include "pcre2.h.generic"
