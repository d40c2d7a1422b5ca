#ifndef TABSTRIP_CHARFBUZZ_SHIM_H
#define TABSTRIP_CHARFBUZZ_SHIM_H

// HarfBuzz over FreeType, for the benchmark harness's shaping title measurer (see Package.swift): linked only when
// TABSTRIP_HARFBUZZ allows it, never into the TabStrip library products.
#if __has_include(<hb-ft.h>) && __has_include(<ft2build.h>)
#include <ft2build.h>
#include FT_FREETYPE_H
#include <hb.h>
#include <hb-ft.h>
#else
#error "TABSTRIP_HARFBUZZ=1 but <hb-ft.h> or <ft2build.h> is missing: apt-get install -y libharfbuzz-dev libfreetype-dev, then swift package purge-cache"
#endif

#endif
