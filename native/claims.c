/* claims: each memory's claims for the contradiction check, compiled (issue 35c, session 36).
 *
 * Included by memtui_native.c (it uses its `re_digit`, `mix64`, `append_size`). The compiled twin of
 * `memtui.core.checks.contradiction.claims_py`, which returns exactly the same string
 * (tests/core/test_contradiction_claims.py compares them on pathological and multilingual
 * text):
 *
 *   claims(text, most, longest, words, shortest, fewest_bytes) -> str
 *   held_twice(blobs) -> list[int] | None   (`contradiction._held_twice`'s lines; below)
 *
 * ``text`` lowered (str.lower, called once, only when it holds a digit), cut into sentences
 * (at a line's end, at 。！？；, at . ! ? ; before a space and at . before a tab, the cut
 * mark and its space gone); each sentence holding a digit (`re`'s \d: Py_UNICODE_ISDECIMAL)
 * has its link targets replaced by a space (`_TARGET`, each alternative read forward once:
 * none gives back what it took but where `re` would fail the same way), is split at its
 * values (`_VALUE`: digits, then separator-and-digits while a digit follows, then an
 * optional %), and is a claim when it holds a value, none longer than ``longest``
 * characters, and its words (the gaps between values joined by NUL, stripped, whitespace
 * runs folded to one space when a double space or a tab is in it) are at least
 * ``shortest`` characters, ``words`` words when all ASCII, and ``fewest_bytes`` bytes of
 * UTF-8 (a lone surrogate written as surrogatepass writes it). A claim is the BLAKE2b-64
 * digest of those bytes (hashlib.blake2b(data, digest_size=8), written out here: RFC
 * 7693), 16 hex digits, then its values joined by a space; claims joined by "\n", at most
 * ``most``.
 *
 * Work and memory are linear in the text: one pass to cut and find digits, one over each
 * sentence with a digit; the scratch buffers are as long as the longest such sentence.
 */

static const uint64_t b2b_iv[8] = {
    0x6A09E667F3BCC908ULL, 0xBB67AE8584CAA73BULL, 0x3C6EF372FE94F82BULL,
    0xA54FF53A5F1D36F1ULL, 0x510E527FADE682D1ULL, 0x9B05688C2B3E6C1FULL,
    0x1F83D9ABFB41BD6BULL, 0x5BE0CD19137E2179ULL,
};

static const uint8_t b2b_sigma[12][16] = {
    {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15},
    {14, 10, 4, 8, 9, 15, 13, 6, 1, 12, 0, 2, 11, 7, 5, 3},
    {11, 8, 12, 0, 5, 2, 15, 13, 10, 14, 3, 6, 7, 1, 9, 4},
    {7, 9, 3, 1, 13, 12, 11, 14, 2, 6, 5, 10, 4, 0, 15, 8},
    {9, 0, 5, 7, 2, 4, 10, 15, 14, 1, 11, 12, 6, 8, 3, 13},
    {2, 12, 6, 10, 0, 11, 8, 3, 4, 13, 7, 5, 15, 14, 1, 9},
    {12, 5, 1, 15, 14, 13, 4, 10, 0, 7, 6, 3, 9, 2, 8, 11},
    {13, 11, 7, 14, 12, 1, 3, 9, 5, 0, 15, 4, 8, 6, 2, 10},
    {6, 15, 14, 9, 11, 3, 0, 8, 12, 2, 13, 7, 1, 4, 10, 5},
    {10, 2, 8, 4, 7, 6, 1, 5, 15, 11, 9, 14, 3, 12, 13, 0},
    {0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15},
    {14, 10, 4, 8, 9, 15, 13, 6, 1, 12, 0, 2, 11, 7, 5, 3},
};

#define B2B_ROTR(x, y) (((x) >> (y)) ^ ((x) << (64 - (y))))
#define B2B_G(a, b, c, d, x, y)                 \
    do {                                        \
        v[a] = v[a] + v[b] + (x);               \
        v[d] = B2B_ROTR(v[d] ^ v[a], 32);       \
        v[c] = v[c] + v[d];                     \
        v[b] = B2B_ROTR(v[b] ^ v[c], 24);       \
        v[a] = v[a] + v[b] + (y);               \
        v[d] = B2B_ROTR(v[d] ^ v[a], 16);       \
        v[c] = v[c] + v[d];                     \
        v[b] = B2B_ROTR(v[b] ^ v[c], 63);       \
    } while (0)

static void b2b_compress(uint64_t h[8], const unsigned char *block, uint64_t t, int last)
{
    uint64_t v[16], m[16];
    for (int i = 0; i < 8; i++) {
        v[i] = h[i];
        v[i + 8] = b2b_iv[i];
    }
    v[12] ^= t;
    if (last)
        v[14] = ~v[14];
#if PY_LITTLE_ENDIAN
    memcpy(m, block, sizeof m);
#else
    for (int i = 0; i < 16; i++) {
        uint64_t w = 0;
        for (int k = 7; k >= 0; k--)
            w = (w << 8) | block[8 * i + k];
        m[i] = w;
    }
#endif
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC unroll 12 /* (each round's message words known: about twice as fast) */
#endif
    for (int r = 0; r < 12; r++) {
        const uint8_t *s = b2b_sigma[r];
        B2B_G(0, 4, 8, 12, m[s[0]], m[s[1]]);
        B2B_G(1, 5, 9, 13, m[s[2]], m[s[3]]);
        B2B_G(2, 6, 10, 14, m[s[4]], m[s[5]]);
        B2B_G(3, 7, 11, 15, m[s[6]], m[s[7]]);
        B2B_G(0, 5, 10, 15, m[s[8]], m[s[9]]);
        B2B_G(1, 6, 11, 12, m[s[10]], m[s[11]]);
        B2B_G(2, 7, 8, 13, m[s[12]], m[s[13]]);
        B2B_G(3, 4, 9, 14, m[s[14]], m[s[15]]);
    }
    for (int i = 0; i < 8; i++)
        h[i] ^= v[i] ^ v[i + 8];
}

/* hashlib.blake2b(data, digest_size=8).digest() as the first 8 bytes of h[0]. The byte
 * count's high 64 bits are never set: a sentence is far under 2**64 bytes. */
static uint64_t b2b_64(const unsigned char *data, size_t n)
{
    uint64_t h[8];
    unsigned char block[128];
    memcpy(h, b2b_iv, sizeof h);
    h[0] ^= 0x01010000ULL ^ 8; /* no key, 8 bytes of digest */
    size_t at = 0;
    while (n - at > 128) {
        b2b_compress(h, data + at, (uint64_t)(at + 128), 0);
        at += 128;
    }
    memset(block, 0, sizeof block);
    memcpy(block, data + at, n - at);
    b2b_compress(h, block, (uint64_t)n, 1);
    return h[0];
}

/* A growable byte buffer. */
typedef struct {
    char *p;
    size_t n, cap;
} claim_buf;

static int cbuf_room(claim_buf *b, size_t more)
{
    if (b->n + more <= b->cap)
        return 0;
    size_t cap = b->cap ? b->cap : 256;
    while (cap < b->n + more) {
        if (cap > ((size_t)PY_SSIZE_T_MAX) / 2) {
            PyErr_NoMemory();
            return -1;
        }
        cap *= 2;
    }
    char *p = PyMem_Realloc(b->p, cap);
    if (p == NULL) {
        PyErr_NoMemory();
        return -1;
    }
    b->p = p;
    b->cap = cap;
    return 0;
}

/* One code point as UTF-8 (a surrogate as surrogatepass writes it); room for 4 made. */
static inline size_t utf8_put(unsigned char *o, Py_UCS4 c)
{
    if (c < 0x80) {
        o[0] = (unsigned char)c;
        return 1;
    }
    if (c < 0x800) {
        o[0] = (unsigned char)(0xC0 | (c >> 6));
        o[1] = (unsigned char)(0x80 | (c & 0x3F));
        return 2;
    }
    if (c < 0x10000) {
        o[0] = (unsigned char)(0xE0 | (c >> 12));
        o[1] = (unsigned char)(0x80 | ((c >> 6) & 0x3F));
        o[2] = (unsigned char)(0x80 | (c & 0x3F));
        return 3;
    }
    o[0] = (unsigned char)(0xF0 | (c >> 18));
    o[1] = (unsigned char)(0x80 | ((c >> 12) & 0x3F));
    o[2] = (unsigned char)(0x80 | ((c >> 6) & 0x3F));
    o[3] = (unsigned char)(0x80 | (c & 0x3F));
    return 4;
}

/* str.lower of one character in a text holding neither U+0130 (lowered to two) nor U+03A3
 * (lowered by its neighbours: final sigma): Py_UNICODE_TOLOWER, the same for every other
 * code point (tests/core/test_contradiction_claims.py lowers each through both). */
static uint64_t claim_cased[65536 / 64]; /* the BMP's characters lowered to another */

static inline Py_UCS4 claim_lower(Py_UCS4 c)
{
    if (c < 128)
        return (c >= 'A' && c <= 'Z') ? c + 32 : c;
    if (c < 65536 && !((claim_cased[c >> 6] >> (c & 63)) & 1))
        return c;
    return Py_UNICODE_TOLOWER(c);
}

static inline int claim_sep(Py_UCS4 c)
{
    return c == '.' || c == ',' || c == ':' || c == '/' || c == '\'' || c == 0x2019
           || c == '-';
}

static inline int claim_space(Py_UCS4 c)
{
    return c < 128 ? (c == ' ' || (c >= 0x09 && c <= 0x0D) || (c >= 0x1C && c <= 0x1F))
                   : Py_UNICODE_ISSPACE(c);
}

/* Where a `_TARGET` match starting at s[p] ends (past it), or -1: the four alternatives,
 * told apart by their first character. */
static Py_ssize_t target_end(const Py_UCS4 *s, Py_ssize_t len, Py_ssize_t p)
{
    Py_UCS4 c = s[p];
    Py_ssize_t q;
    if (c == '[') { /* \[\[[^\]\n]*\]\] */
        if (p + 1 >= len || s[p + 1] != '[')
            return -1;
        for (q = p + 2; q < len && s[q] != ']' && s[q] != '\n'; q++)
            ;
        return (q + 1 < len && s[q] == ']' && s[q + 1] == ']') ? q + 2 : -1;
    }
    if (c == ']') { /* \]\([^)\s]*\) */
        if (p + 1 >= len || s[p + 1] != '(')
            return -1;
        for (q = p + 2; q < len && s[q] != ')' && !claim_space(s[q]); q++)
            ;
        return (q < len && s[q] == ')') ? q + 1 : -1;
    }
    if (c == '`') { /* `[^`\n]*` */
        for (q = p + 1; q < len && s[q] != '`' && s[q] != '\n'; q++)
            ;
        return (q < len && s[q] == '`') ? q + 1 : -1;
    }
    if (c == '<' || c == 'h') { /* <?https?://\S+ */
        q = p + (c == '<');
        if (q + 4 > len || s[q] != 'h' || s[q + 1] != 't' || s[q + 2] != 't' || s[q + 3] != 'p')
            return -1;
        q += 4;
        if (q < len && s[q] == 's')
            q++;
        if (q + 3 > len || s[q] != ':' || s[q + 1] != '/' || s[q + 2] != '/')
            return -1;
        q += 3;
        Py_ssize_t r = q;
        while (r < len && !claim_space(s[r]))
            r++;
        return r > q ? r : -1;
    }
    return -1;
}

static inline int cut_mark(Py_UCS4 c)
{
    return c == 0x3002 || c == 0xFF01 || c == 0xFF1F || c == 0xFF1B; /* 。！？； */
}

/* The Basic Multilingual Plane's characters the cutting pass stops at (a decimal digit, a
 * line's end, . ! ? ; and 。！？；, U+0130 and U+03A3), and its decimal digits: one bit each,
 * made at the first call. */
static uint64_t claim_stops[65536 / 64], claim_digits[65536 / 64];
static int claim_tables_made = 0;

static void claim_tables_make(void)
{
    for (Py_UCS4 c = 0; c < 65536; c++) {
        if (re_digit(c))
            claim_digits[c >> 6] |= (uint64_t)1 << (c & 63);
        if (Py_UNICODE_TOLOWER(c) != c)
            claim_cased[c >> 6] |= (uint64_t)1 << (c & 63);
        if (re_digit(c) || c == '\n' || c == '.' || c == '!' || c == '?' || c == ';'
            || cut_mark(c) || c == 0x130 || c == 0x3A3)
            claim_stops[c >> 6] |= (uint64_t)1 << (c & 63);
    }
    claim_tables_made = 1;
}

static inline int claim_stop(Py_UCS4 c)
{
    return c < 65536 ? (int)((claim_stops[c >> 6] >> (c & 63)) & 1) : re_digit(c);
}

static inline int claim_digit(Py_UCS4 c)
{
    return c < 65536 ? (int)((claim_digits[c >> 6] >> (c & 63)) & 1) : re_digit(c);
}

typedef struct {
    Py_UCS4 *t;         /* the sentence, lowered */
    Py_UCS4 *key;       /* its words: the gaps joined by NUL, its targets a space each */
    Py_ssize_t *vals;   /* each value's start and end in t */
    unsigned char *raw; /* the key as UTF-8 */
    Py_ssize_t cap;     /* each buffer's length, in its items (raw: 4 a code point) */
} claim_scratch;

static int scratch_room(claim_scratch *w, Py_ssize_t len)
{
    if (len <= w->cap)
        return 0;
    Py_ssize_t cap = len < 256 ? 256 : len;
    if ((size_t)cap > ((size_t)PY_SSIZE_T_MAX) / 16) {
        PyErr_NoMemory();
        return -1;
    }
    Py_UCS4 *t = PyMem_Realloc(w->t, (size_t)cap * sizeof(Py_UCS4));
    if (t != NULL)
        w->t = t;
    Py_UCS4 *key = t ? PyMem_Realloc(w->key, (size_t)cap * sizeof(Py_UCS4)) : NULL;
    if (key != NULL)
        w->key = key;
    Py_ssize_t *vals = key ? PyMem_Realloc(w->vals, (size_t)cap * sizeof(Py_ssize_t)) : NULL;
    if (vals != NULL)
        w->vals = vals;
    unsigned char *raw = vals ? PyMem_Realloc(w->raw, (size_t)cap * 4) : NULL;
    if (raw == NULL) {
        PyErr_NoMemory();
        return -1;
    }
    w->raw = raw;
    w->cap = cap;
    return 0;
}

/* One whitespace character of a key being folded: a space written for the first of a
 * run, nothing for the others (a run is one space). */
static inline void fold_space(int *run, unsigned char *raw, size_t *nb, Py_ssize_t *m,
                              Py_ssize_t *sp)
{
    if (*run)
        return;
    *run = 1;
    (*sp)++;
    raw[(*nb)++] = ' ';
    (*m)++;
}

/* key[0:nk] stripped, its whitespace runs folded to one space when ``fold``, written as
 * UTF-8 into raw: its byte count; *chars its characters, *ascii whether all are, *spaces
 * its spaces; *folds whether a double space or a tab is in it (when ``fold`` is not). */
static size_t claim_key(const Py_UCS4 *key, Py_ssize_t nk, int fold, unsigned char *raw,
                        Py_ssize_t *chars, int *ascii, Py_ssize_t *spaces, int *folds)
{
    Py_ssize_t k0 = 0, k1 = nk, m = 0, sp = 0;
    while (k0 < k1 && claim_space(key[k0]))
        k0++;
    while (k1 > k0 && claim_space(key[k1 - 1]))
        k1--;
    int run = 0, asc = 1, two = 0;
    size_t nb = 0;
    for (Py_ssize_t i = k0; i < k1; i++) {
        Py_UCS4 c = key[i];
        if (fold && claim_space(c)) {
            fold_space(&run, raw, &nb, &m, &sp);
            continue;
        }
        run = 0;
        if (c < 128) {
            if (c == ' ' || c == '\t') { /* (not folding: kept as it is, runs noted) */
                if (c == '\t' || (i + 1 < k1 && key[i + 1] == ' '))
                    two = 1;
                if (c == ' ')
                    sp++;
            }
            raw[nb++] = (unsigned char)c;
            m++;
            continue;
        }
        asc = 0;
        nb += utf8_put(raw + nb, c);
        m++;
    }
    *chars = m;
    *ascii = asc;
    *spaces = sp;
    *folds = two;
    return nb;
}

/* The claim of the sentence text[a:b] (holding a digit; lowered already when ``lowered``)
 * appended to out (after a "\n" when out holds one already): 1 when appended, 0 when it
 * is none, -1 on error. */
static int one_claim(int kind, const void *data, Py_ssize_t a, Py_ssize_t b, int lowered,
                     claim_scratch *w, claim_buf *out, Py_ssize_t longest, Py_ssize_t words,
                     Py_ssize_t shortest, Py_ssize_t fewest_bytes)
{
    Py_ssize_t len = b - a;
    if (scratch_room(w, len + 1) < 0)
        return -1;
    Py_UCS4 *s = w->t;
    if (lowered)
        for (Py_ssize_t i = 0; i < len; i++)
            s[i] = PyUnicode_READ(kind, data, a + i);
    else /* str.lower character by character (see claim_lower) */
        for (Py_ssize_t i = 0; i < len; i++)
            s[i] = claim_lower(PyUnicode_READ(kind, data, a + i));
    /* _TARGET.sub(" ", sentence) and _VALUE.split of what it leaves, in one pass: no value
     * holds a character a target starts with, so a value read on s is the same */
    Py_UCS4 *key = w->key;
    Py_ssize_t *vals = w->vals;
    Py_ssize_t nk = 0, nv = 0;
    for (Py_ssize_t p = 0; p < len;) {
        Py_UCS4 c = s[p];
        if (c == '[' || c == ']' || c == '`' || c == '<' || c == 'h') {
            Py_ssize_t e = target_end(s, len, p);
            if (e > p) {
                key[nk++] = ' ';
                p = e;
                continue;
            }
        }
        if (!claim_digit(c)) {
            key[nk++] = c;
            p++;
            continue;
        }
        Py_ssize_t q = p + 1;
        while (q < len && claim_digit(s[q]))
            q++;
        while (q + 1 < len && claim_sep(s[q]) && claim_digit(s[q + 1])) {
            q += 2;
            while (q < len && claim_digit(s[q]))
                q++;
        }
        if (q < len && s[q] == '%')
            q++;
        if (q - p > longest)
            return 0; /* an identifier, not a value */
        vals[nv++] = p;
        vals[nv++] = q;
        key[nk++] = 0;
        p = q;
    }
    if (nv == 0)
        return 0;
    Py_ssize_t m, spaces;
    int ascii, folds;
    size_t nb = claim_key(key, nk, 0, w->raw, &m, &ascii, &spaces, &folds);
    if (folds) /* " ".join(key.split()) */
        nb = claim_key(key, nk, 1, w->raw, &m, &ascii, &spaces, &folds);
    if (m < shortest || (ascii && spaces + 1 < words) || (Py_ssize_t)nb < fewest_bytes)
        return 0;
    uint64_t d = b2b_64(w->raw, nb);
    size_t need = 1 + 16 + (size_t)nv / 2 + (size_t)4 * (size_t)len;
    if (cbuf_room(out, need) < 0)
        return -1;
    char *o = out->p + out->n;
    if (out->n > 0)
        *o++ = '\n';
    static const char hex[] = "0123456789abcdef";
    for (int i = 0; i < 8; i++) {
        unsigned byte = (unsigned)(d >> (8 * i)) & 0xFF;
        *o++ = hex[byte >> 4];
        *o++ = hex[byte & 15];
    }
    for (Py_ssize_t v = 0; v < nv; v += 2) {
        if (v > 0)
            *o++ = ' ';
        for (Py_ssize_t i = vals[v]; i < vals[v + 1]; i++)
            o += utf8_put((unsigned char *)o, s[i]);
    }
    out->n = (size_t)(o - out->p);
    return 1;
}

/* The sentence from a: where it ends (*end) and the next begins (the return); *digit set
 * when it holds a digit, *special when it holds U+0130 or U+03A3. */
#define CLAIM_CUT(T)                                                                     \
    static Py_ssize_t claim_cut_##T(const T *d, Py_ssize_t n, Py_ssize_t a,              \
                                    Py_ssize_t *end, int *digit, int *special)           \
    {                                                                                    \
        for (Py_ssize_t b = a; b < n; b++) {                                             \
            Py_UCS4 c = d[b];                                                            \
            if (!claim_stop(c))                                                          \
                continue;                                                                \
            if (c == '\n' || cut_mark(c)) {                                              \
                *end = b;                                                                \
                return b + 1;                                                            \
            }                                                                            \
            if (c == '.' || c == '!' || c == '?' || c == ';') {                         \
                if (b + 1 < n && (d[b + 1] == ' ' || (d[b + 1] == '\t' && c == '.'))) {  \
                    *end = b;                                                            \
                    return b + 2;                                                        \
                }                                                                        \
                continue;                                                                \
            }                                                                            \
            if (c == 0x130 || c == 0x3A3)                                                \
                *special = 1;                                                            \
            else                                                                         \
                *digit = 1;                                                              \
        }                                                                                \
        *end = n;                                                                        \
        return n + 1;                                                                    \
    }
CLAIM_CUT(Py_UCS1)
CLAIM_CUT(Py_UCS2)
CLAIM_CUT(Py_UCS4)
#undef CLAIM_CUT

static Py_ssize_t claim_cut(int kind, const void *data, Py_ssize_t n, Py_ssize_t a,
                            Py_ssize_t *end, int *digit, int *special)
{
    if (kind == PyUnicode_1BYTE_KIND)
        return claim_cut_Py_UCS1(data, n, a, end, digit, special);
    if (kind == PyUnicode_2BYTE_KIND)
        return claim_cut_Py_UCS2(data, n, a, end, digit, special);
    return claim_cut_Py_UCS4(data, n, a, end, digit, special);
}

/* The claims of text (lowered already when ``lowered``) into out; *special set (and out
 * left unfinished) when a sentence with a digit holds U+0130 or U+03A3 and the text is not
 * lowered: the caller lowers it whole and calls again. 0, or -1 on error. */
static int claims_into(PyObject *text, int lowered, claim_scratch *w, claim_buf *out,
                       Py_ssize_t most, Py_ssize_t longest, Py_ssize_t words,
                       Py_ssize_t shortest, Py_ssize_t fewest_bytes, int *special)
{
    int kind = PyUnicode_KIND(text);
    const void *data = PyUnicode_DATA(text);
    Py_ssize_t n = PyUnicode_GET_LENGTH(text), made = 0;
    for (Py_ssize_t a = 0; a <= n && made < most;) {
        Py_ssize_t end;
        int digit = 0, odd = 0;
        Py_ssize_t next = claim_cut(kind, data, n, a, &end, &digit, &odd);
        if (digit) {
            if (odd && !lowered) {
                *special = 1;
                return 0;
            }
            int got = one_claim(kind, data, a, end, lowered, w, out, longest, words,
                                shortest, fewest_bytes);
            if (got < 0)
                return -1;
            made += got;
        }
        a = next;
    }
    return 0;
}

static PyObject *native_claims(PyObject *self, PyObject *args)
{
    PyObject *text;
    Py_ssize_t most, longest, words, shortest, fewest_bytes;
    (void)self;
    if (!PyArg_ParseTuple(args, "Unnnnn", &text, &most, &longest, &words, &shortest,
                          &fewest_bytes))
        return NULL;
    if (most < 1) {
        PyErr_SetString(PyExc_ValueError, "most must be at least 1");
        return NULL;
    }
    if (!claim_tables_made)
        claim_tables_make();
    claim_scratch w = {NULL, NULL, NULL, NULL, 0};
    claim_buf out = {NULL, 0, 0};
    PyObject *low = NULL;
    int special = 0;
    int rc = claims_into(text, 0, &w, &out, most, longest, words, shortest, fewest_bytes,
                         &special);
    if (rc == 0 && special) { /* str.lower of the whole text, as Python lowers it */
        out.n = 0;
        low = PyObject_CallMethod(text, "lower", NULL);
        if (low != NULL && !PyUnicode_Check(low)) {
            PyErr_SetString(PyExc_TypeError, "lower() returned no str");
            Py_CLEAR(low);
        }
        rc = low == NULL ? -1 : claims_into(low, 1, &w, &out, most, longest, words, shortest,
                                            fewest_bytes, &special);
    }
    PyMem_Free(w.t);
    PyMem_Free(w.key);
    PyMem_Free(w.vals);
    PyMem_Free(w.raw);
    Py_XDECREF(low);
    PyObject *result = NULL;
    if (rc == 0) { /* (hex digits and values: most often ASCII, copied as it is) */
        size_t i = 0;
        while (i < out.n && (unsigned char)out.p[i] < 128)
            i++;
        if (i == out.n) {
            result = PyUnicode_New((Py_ssize_t)out.n, 127);
            if (result != NULL && out.n > 0)
                memcpy(PyUnicode_DATA(result), out.p, out.n);
        } else {
            result = PyUnicode_DecodeUTF8(out.p, (Py_ssize_t)out.n, "strict");
        }
    }
    PyMem_Free(out.p);
    return result;
}

/* held_twice(blobs) -> list[int] | None
 *
 * `contradiction._held_twice`'s first step: ``blobs`` is a list of claims strings (one a
 * memory, claims joined by "\n"); the lines whose digest (their first 16 characters) is
 * the digest of another line too, as a flat list of (blob index, line index) in order. None
 * when a line does not start with 16 lowercase hex digits (a claim never does not: the
 * caller reads such lines in Python) or an item is no str. Memory: 8 bytes a line and a
 * table of twice as many 16-byte slots (a str a line and its digest was ~150 bytes). */
static inline int hex_digit(Py_UCS4 c)
{
    return (c >= '0' && c <= '9') ? (int)(c - '0') : (c >= 'a' && c <= 'f') ? (int)(c - 'a' + 10)
                                                                            : -1;
}

/* Each line's digest of one blob into d (its lines' count returned), or -1: malformed. */
static Py_ssize_t blob_digests(PyObject *blob, uint64_t *d)
{
    int kind = PyUnicode_KIND(blob);
    const void *data = PyUnicode_DATA(blob);
    Py_ssize_t n = PyUnicode_GET_LENGTH(blob), lines = 0;
    for (Py_ssize_t a = 0; a <= n;) {
        if (a + 16 > n)
            return -1;
        uint64_t v = 0;
        for (Py_ssize_t i = 0; i < 16; i++) {
            int h = hex_digit(PyUnicode_READ(kind, data, a + i));
            if (h < 0)
                return -1;
            v = (v << 4) | (uint64_t)h;
        }
        if (d != NULL)
            d[lines] = v;
        lines++;
        Py_ssize_t b = a + 16;
        if (kind == PyUnicode_1BYTE_KIND) { /* (most often: hex digits and ASCII values) */
            const void *nl = b < n ? memchr((const Py_UCS1 *)data + b, '\n', (size_t)(n - b))
                                   : NULL;
            b = nl ? (Py_ssize_t)((const Py_UCS1 *)nl - (const Py_UCS1 *)data) : n;
        } else {
            while (b < n && PyUnicode_READ(kind, data, b) != '\n')
                b++;
        }
        a = b + 1;
    }
    return lines;
}

/* The table of digests `held_twice` counts: open addressing, the keys and their counts
 * (0: an empty slot; 2: held twice or more) in two arrays, 9 bytes a slot (a slot of two
 * 64-bit words and the whole list's digests beside it were 41 MB at 50,000 memories, the
 * CLI's peak, issue 35). */
static size_t twice_find(const uint64_t *keys, const uint8_t *counts, size_t mask,
                         uint64_t key)
{
    size_t i = (size_t)(mix64(key) & mask);
    while (counts[i] != 0 && keys[i] != key)
        i = (i + 1) & mask;
    return i;
}

static PyObject *native_held_twice(PyObject *self, PyObject *blobs)
{
    (void)self;
    if (!PyList_Check(blobs)) {
        PyErr_SetString(PyExc_TypeError, "held_twice takes a list");
        return NULL;
    }
    Py_ssize_t nb = PyList_GET_SIZE(blobs);
    size_t total = 0, most = 1;
    for (Py_ssize_t k = 0; k < nb; k++) {
        PyObject *blob = PyList_GET_ITEM(blobs, k);
        if (!PyUnicode_Check(blob))
            Py_RETURN_NONE;
        Py_ssize_t lines = blob_digests(blob, NULL);
        if (lines < 0)
            Py_RETURN_NONE;
        total += (size_t)lines;
        if ((size_t)lines > most)
            most = (size_t)lines;
    }
    size_t cap = 16;
    while (cap < 2 * total + 2)
        cap *= 2;
    /* one blob's digests at a time (read again for the lines held twice) */
    uint64_t *d = PyMem_Malloc(most * sizeof(uint64_t));
    uint64_t *keys = d ? PyMem_Malloc(cap * sizeof(uint64_t)) : NULL;
    uint8_t *counts = keys ? PyMem_Calloc(cap, 1) : NULL;
    PyObject *out = counts ? PyList_New(0) : NULL;
    if (out == NULL) {
        if (d == NULL || keys == NULL || counts == NULL)
            PyErr_NoMemory();
        PyMem_Free(d);
        PyMem_Free(keys);
        PyMem_Free(counts);
        return NULL;
    }
    int shared = 0;
    for (Py_ssize_t k = 0; k < nb; k++) {
        Py_ssize_t lines = blob_digests(PyList_GET_ITEM(blobs, k), d);
        for (Py_ssize_t j = 0; j < lines; j++) {
            size_t i = twice_find(keys, counts, cap - 1, d[j]);
            keys[i] = d[j];
            if (counts[i] < 2 && ++counts[i] == 2)
                shared = 1;
        }
    }
    for (Py_ssize_t k = 0; k < nb && shared; k++) {
        Py_ssize_t lines = blob_digests(PyList_GET_ITEM(blobs, k), d);
        for (Py_ssize_t j = 0; j < lines; j++) {
            if (counts[twice_find(keys, counts, cap - 1, d[j])] < 2)
                continue;
            if (append_size(out, k) < 0 || append_size(out, j) < 0) {
                Py_CLEAR(out);
                k = nb;
                break;
            }
        }
    }
    PyMem_Free(d);
    PyMem_Free(keys);
    PyMem_Free(counts);
    return out;
}
