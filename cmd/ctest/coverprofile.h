// coverprofile.h: Go's coverage profiles, as `ctest tool cover` reads
// them (golang.org/x/tools/cover, which Go's cmd/cover uses).
#ifndef CTEST_CMD_CTEST_COVERPROFILE_H
#define CTEST_CMD_CTEST_COVERPROFILE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "internal/std/std.h"

// profileBlock is cover.ProfileBlock: a block of one file, its statements
// and its count.
typedef struct profileBlock {
    int64_t StartLine, StartCol, EndLine, EndCol;
    int64_t NumStmt, Count;
} profileBlock;

// profile is cover.Profile: the blocks of one file, sorted by start.
typedef struct profile {
    char *FileName;
    char *Mode;
    profileBlock *Blocks;
    size_t nBlocks, capBlocks;
} profile;

// parseProfilesFromText is cover.ParseProfilesFromReader on the profile
// text[0:n]: a profile per file, sorted by file name, with the blocks of
// one place merged (*out, *nout; free with profiles_free), or Go's errors.
go_error *parseProfilesFromText(const char *text, size_t n, profile **out, size_t *nout);
// parseProfiles is cover.ParseProfiles: the profile in the file at path.
go_error *parseProfiles(const char *path, profile **out, size_t *nout);
void profiles_free(profile *p, size_t n);

// boundary is cover.Boundary: where in the source a block starts or ends.
typedef struct boundary {
    size_t Offset; // byte offset in the source
    bool Start;    // a block's start (else its end)
    int64_t Count; // the block's count
    double Norm;   // the count scaled to [0, 1]
    size_t Index;  // its place in the order the blocks were walked
} boundary;

// profile_Boundaries is Profile.Boundaries: p's blocks as boundaries in
// src[0:n], sorted by offset (*nb of them; caller frees).
boundary *profile_Boundaries(const profile *p, const char *src, size_t n, size_t *nb);

#endif // CTEST_CMD_CTEST_COVERPROFILE_H
