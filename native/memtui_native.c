/* memtui_native: the per-text loops of near_duplicate's sketch, compiled (issue 34).
 *
 * Optional. memtui.core.checks.near_duplicate_kernel imports it when it is built and
 * passes its self-check, and otherwise runs the same steps in Python
 * (memtui/core/checks/near_duplicate_sketch.py); every function here returns exactly what
 * the Python step it replaces returns (tests/core/test_near_duplicate_kernel.py):
 *
 *   read(text, max_chars, max_cjk)  -> (str, list[str])   `_read`
 *   stems(text, plain, stem)        -> list[str]          `_STEM_RE` / `_STEM_PLAIN`.findall
 *   words(text, plain, stem, indic) -> set[str] | None   `_words` when no stem needs folding
 *   shared(xs, ys)                  -> int                len(set(xs) & set(ys)), two buffers
 *   hashes(crcs, units, mask)       -> set[int]           `_shingles`' hashing
 *   head(crcs, units, mask, k, bottom, min_shingles) -> bytes
 *        the sketch's K bins, the count of bottom hashes and the hashes, as array("Q")'s
 *        bytes; b"" when fewer than min_shingles distinct hashes
 *   numbers(text, cjk)              -> list[str]          `_NUMBER` / `_NUMBER_CJK`.findall
 *   crcs(values)                    -> list[int]          `_crcs` (zlib.crc32 of the UTF-8)
 *   fields(text, max_fields)        -> list[int]          `fields`
 *   labels(text)                    -> str                `_LABEL.sub("\n", "\n" + text)`
 *   pack(sketch)                    -> bytes              `near_duplicate_store.pack`'s bytes
 *   unpack(packed)                  -> bytes              `near_duplicate_store.unpack`'s
 *   candidates(sketches, packed_type, k, bands, rows, bucket_all, fact_bucket, word_bit,
 *              fact_mask)           -> (bytes, bytes)     `near_duplicate._later`
 *   screen(xs, xfacts, x_word, x_dated, others, dated, packed_type, params) -> list | None
 *        `near_duplicate._matches`' first stage: the candidates its loop must still judge
 *   anchors(text, table)            -> set[str]           `anchored.Anchored`'s character
 *        class: the text's characters the table's bits hold (issue 35, branch i35r24)
 *   git_chain(...)                  -> int                `memtui.core.git.chain.chain_py`:
 *        a line of commits and their root trees read ahead (native/git_chain.c, built
 *        only where zlib is: issue 35, branch i35b)
 *   claims(text, most, longest, words, shortest, fewest_bytes) -> str
 *        `contradiction.claims_py`: each sentence with a value, its words' digest and its
 *        values (native/claims.c: issue 35c, session 36); held_twice(blobs) -> list | None
 *        the claims held by two lines or more (`contradiction._held_twice`)
 *   vocab_ranks(source, chunks, short, blob) -> dict[bytes, int] | None
 *        `memtui.core.counting.partial.Partial`'s look-up of a vocabulary file as packaged
 *        (issue 35, branch i35a)
 * (session 23, branch ndcost23: bench/RESULTS.md, "near_duplicate's remaining passes
 * compiled").
 * One file past 500 lines: one extension module, one concept (each function the compiled
 * twin of one Python step of the rule), sharing its readers (`rest_view`, the classes).
 *
 * The hashes are CPython's tuple hashes (xxHash's round, Objects/tupleobject.c) of
 * (crc, 1) and of (bigram,), written out here; the Python side checks them against
 * ``hash`` at import and keeps to Python where they differ.  Every size is bounded by its
 * input's (a list, a str), every allocation checked.
 */
#define PY_SSIZE_T_CLEAN
#include <Python.h>
#include <stdint.h>
#include <string.h>

#define KERNEL 5 /* what near_duplicate_kernel expects: bumped when a function or result changes */
#define CLAIMS 2 /* what contradiction expects of `claims` (native/claims.c): bumped when it changes */

#if SIZEOF_VOID_P >= 8
#define P1 ((uint64_t)11400714785074694791ULL)
#define P2 ((uint64_t)14029467366897019727ULL)
#define P5 ((uint64_t)2870177450012600261ULL)
#define ROT(x) (((x) << 31) | ((x) >> 33))
typedef uint64_t uhash;
#else
#define P1 ((uint32_t)2654435761UL)
#define P2 ((uint32_t)2246822519UL)
#define P5 ((uint32_t)374761393UL)
#define ROT(x) (((x) << 13) | ((x) >> 19))
typedef uint32_t uhash;
#endif

static inline uhash tuple_end(uhash acc, Py_ssize_t len)
{
    acc += (uhash)len ^ (P5 ^ (uhash)3527539UL);
    if (acc == (uhash)-1)
        return (uhash)1546275796;
    return acc;
}

/* hash((lane_hash, 1)) */
static inline uhash hash_pair_one(uhash lane)
{
    uhash acc = P5;
    acc += lane * P2;
    acc = ROT(acc);
    acc *= P1;
    acc += (uhash)1 * P2;
    acc = ROT(acc);
    acc *= P1;
    return tuple_end(acc, 2);
}

/* hash((x,)) for an int x below 2**32 (its hash is itself) */
static inline uhash hash_single(uhash x)
{
    uhash acc = P5;
    acc += x * P2;
    acc = ROT(acc);
    acc *= P1;
    return tuple_end(acc, 1);
}

/* Chinese, Japanese and Korean: `_UNSPACED` */
static inline int unspaced(Py_UCS4 c)
{
    return (c >= 0x3040 && c <= 0x30ff) || (c >= 0x3400 && c <= 0x9fff)
           || (c >= 0xf900 && c <= 0xfaff) || (c >= 0xac00 && c <= 0xd7af);
}

/* `[^\W\d_]` as `re` reads it for a str pattern: \w is Py_UNICODE_ISALNUM or "_", \d is
 * Py_UNICODE_ISDECIMAL. */
static inline int letter(Py_UCS4 c)
{
    if (c < 128)
        return (c | 0x20) >= 'a' && (c | 0x20) <= 'z';
    return Py_UNICODE_ISALNUM(c) && !Py_UNICODE_ISDECIMAL(c);
}

/* Append the runs of `_UNSPACED` characters in text[start:end] to list; their length to
 * *total. */
/* The next run of letters at or after *i (spaced scripts only unless `plain`): its start in
 * *i, its end in *j; 0 when none is left. */
static inline int next_word(int kind, const void *data, Py_ssize_t n, int plain,
                            Py_ssize_t *i, Py_ssize_t *j)
{
#define IS_LETTER(c) ((plain || !unspaced(c)) && letter(c))
    Py_ssize_t a = *i;
    while (a < n && !IS_LETTER(PyUnicode_READ(kind, data, a)))
        a++;
    if (a >= n)
        return 0;
    Py_ssize_t b = a + 1;
    while (b < n && IS_LETTER(PyUnicode_READ(kind, data, b)))
        b++;
#undef IS_LETTER
    *i = a;
    *j = b;
    return 1;
}

static int add_runs(PyObject *text, Py_ssize_t start, Py_ssize_t end, PyObject *list,
                    Py_ssize_t *total)
{
    int kind = PyUnicode_KIND(text);
    const void *data = PyUnicode_DATA(text);
    Py_ssize_t i = start;
    while (i < end) {
        if (!unspaced(PyUnicode_READ(kind, data, i))) {
            i++;
            continue;
        }
        Py_ssize_t j = i + 1;
        while (j < end && unspaced(PyUnicode_READ(kind, data, j)))
            j++;
        PyObject *run = PyUnicode_Substring(text, i, j);
        if (run == NULL)
            return -1;
        int rc = PyList_Append(list, run);
        Py_DECREF(run);
        if (rc < 0)
            return -1;
        *total += j - i;
        i = j;
    }
    return 0;
}

static PyObject *native_read(PyObject *self, PyObject *args)
{
    PyObject *whole, *text = NULL, *runs = NULL, *out = NULL;
    Py_ssize_t max_chars, max_cjk;
    if (!PyArg_ParseTuple(args, "Unn:read", &whole, &max_chars, &max_cjk))
        return NULL;
    if (max_chars < 0 || max_cjk < 0 || max_cjk > PY_SSIZE_T_MAX / 4) {
        PyErr_SetString(PyExc_ValueError, "read: a bound out of range");
        return NULL;
    }
    text = PyUnicode_Substring(whole, 0, max_chars);
    if (text == NULL)
        return NULL;
    runs = PyList_New(0);
    if (runs == NULL)
        goto done;
    if (PyUnicode_IS_ASCII(text)) {
        out = PyTuple_Pack(2, text, runs);
        goto done;
    }
    Py_ssize_t n = PyUnicode_GET_LENGTH(text), window = 2 * max_cjk, total = 0;
    if (add_runs(text, 0, n < window ? n : window, runs, &total) < 0)
        goto done;
    if (total + PyList_GET_SIZE(runs) >= max_cjk) {
        PyObject *cut = PyUnicode_Substring(text, 0, window);
        if (cut != NULL) {
            out = PyTuple_Pack(2, cut, runs);
            Py_DECREF(cut);
        }
        goto done;
    }
    if (n > window && add_runs(text, window, n, runs, &total) < 0)
        goto done;
    out = PyTuple_Pack(2, text, runs);
done:
    Py_XDECREF(text);
    Py_XDECREF(runs);
    return out;
}

static PyObject *native_stems(PyObject *self, PyObject *args)
{
    PyObject *text;
    int plain;
    Py_ssize_t stem;
    if (!PyArg_ParseTuple(args, "Upn:stems", &text, &plain, &stem))
        return NULL;
    if (stem < 3) {
        PyErr_SetString(PyExc_ValueError, "stems: stem under 3");
        return NULL;
    }
    PyObject *out = PyList_New(0);
    if (out == NULL)
        return NULL;
    int kind = PyUnicode_KIND(text);
    const void *data = PyUnicode_DATA(text);
    Py_ssize_t n = PyUnicode_GET_LENGTH(text), i = 0;
    Py_ssize_t j;
    while (next_word(kind, data, n, plain, &i, &j)) {
        if (j - i >= 3) { /* a word of three letters or more: its first `stem` */
            PyObject *s = PyUnicode_Substring(text, i, j - i > stem ? i + stem : j);
            if (s == NULL || PyList_Append(out, s) < 0) {
                Py_XDECREF(s);
                Py_DECREF(out);
                return NULL;
            }
            Py_DECREF(s);
        }
        i = j;
    }
    return out;
}

/* `_words` where it needs no folding: the set of the stems lowered when every stem is ASCII
 * (an ASCII text's, or one whose words are), and no Indic letter in its first `indic`
 * characters (its vowel signs are dropped first) nor an `İ` (it lowers to two characters):
 * else None (the Python steps). */
static PyObject *native_words(PyObject *self, PyObject *args)
{
    PyObject *text;
    int plain;
    Py_ssize_t stem, indic;
    if (!PyArg_ParseTuple(args, "Upnn:words", &text, &plain, &stem, &indic))
        return NULL;
    if (stem < 3 || stem > 64) {
        PyErr_SetString(PyExc_ValueError, "words: stem out of 3 to 64");
        return NULL;
    }
    int kind = PyUnicode_KIND(text);
    const void *data = PyUnicode_DATA(text);
    Py_ssize_t n = PyUnicode_GET_LENGTH(text), i = 0;
    int ascii = PyUnicode_IS_ASCII(text);
    if (ascii)
        plain = 1;
    else {
        Py_ssize_t upto = indic < n ? indic : n;
        for (Py_ssize_t j = 0; j < upto; j++) {
            Py_UCS4 c = PyUnicode_READ(kind, data, j);
            if (c >= 0x900 && c <= 0xDFF)
                Py_RETURN_NONE;
        }
        if (PyUnicode_FindChar(text, 0x130, 0, n, 1) != -1)
            Py_RETURN_NONE;
    }
    PyObject *out = PySet_New(NULL);
    if (out == NULL)
        return NULL;
    char buf[64];
    Py_ssize_t j;
    while (next_word(kind, data, n, plain, &i, &j)) {
        if (j - i >= 3) {
            Py_ssize_t len = j - i > stem ? stem : j - i;
            for (Py_ssize_t t = 0; t < len; t++) {
                Py_UCS4 u = PyUnicode_READ(kind, data, i + t);
                if (u >= 128) { /* a stem to fold: the Python steps */
                    Py_DECREF(out);
                    Py_RETURN_NONE;
                }
                buf[t] = (char)(u >= 'A' && u <= 'Z' ? u | 0x20 : u);
            }
            PyObject *s = PyUnicode_FromStringAndSize(buf, len);
            if (s == NULL || PySet_Add(out, s) < 0) {
                Py_XDECREF(s);
                Py_DECREF(out);
                return NULL;
            }
            Py_DECREF(s);
        }
        i = j;
    }
    return out;
}

/* Radix sort of n 32-bit values (4 passes of 8 bits; a pass whose digit is the same in
 * every value skipped), then duplicates dropped: the count left. */
static Py_ssize_t sort_unique(uint32_t *a, uint32_t *tmp, Py_ssize_t n)
{
    Py_ssize_t count[256];
    for (int shift = 0; shift < 32; shift += 8) {
        memset(count, 0, sizeof count);
        for (Py_ssize_t i = 0; i < n; i++)
            count[(a[i] >> shift) & 0xFF]++;
        if (n == 0 || count[(a[0] >> shift) & 0xFF] == n)
            continue;
        Py_ssize_t sum = 0;
        for (int d = 0; d < 256; d++) {
            Py_ssize_t c = count[d];
            count[d] = sum;
            sum += c;
        }
        for (Py_ssize_t i = 0; i < n; i++)
            tmp[count[(a[i] >> shift) & 0xFF]++] = a[i];
        memcpy(a, tmp, (size_t)n * sizeof *a);
    }
    Py_ssize_t m = 0;
    for (Py_ssize_t i = 0; i < n; i++)
        if (m == 0 || a[i] != a[m - 1])
            a[m++] = a[i];
    return m;
}

/* The `want` smallest distinct values of a[0:n], ascending, into a[0:m], m returned: when
 * m >= want they are the m smallest distinct values; fewer are every distinct value of a
 * (m their count). Values below 2 ** bits. Selected by their top 8 bits before any sort
 * (the values are hashes, spread evenly): the smallest buckets holding twice `want` values
 * (a text's bigrams repeat: ~330 hashes, ~200 distinct), insertion-sorted (each value
 * moves within its bucket only), then twice as many while too few of them are distinct; a
 * bucket past 64 values sorts them all (`sort_unique`: four passes of a radix sort, ~3x
 * the cost at 10,000 memories). tmp: room for n values. */
static Py_ssize_t bottom_unique(uint32_t *a, uint32_t *tmp, Py_ssize_t n, Py_ssize_t want,
                                int bits)
{
    if (want < 1 || n <= want || bits < 1 || bits > 32 || want > n / 2)
        return sort_unique(a, tmp, n);
    int shift = bits > 8 ? bits - 8 : 0;
    Py_ssize_t count[256], at[256];
    memset(count, 0, sizeof count);
    for (Py_ssize_t i = 0; i < n; i++)
        count[(a[i] >> shift) & 0xFF]++;
    for (Py_ssize_t need = 2 * want;; need *= 2) {
        Py_ssize_t sum = 0;
        int t = 0;
        for (; t < 256; t++) {
            if (count[t] > 64)
                return sort_unique(a, tmp, n);
            at[t] = sum; /* where bucket t starts */
            sum += count[t];
            if (sum >= need)
                break;
        }
        if (t > 255)
            t = 255;
        for (Py_ssize_t i = 0; i < n; i++) {
            uint32_t d = (a[i] >> shift) & 0xFF;
            if (d <= (uint32_t)t)
                tmp[at[d]++] = a[i];
        }
        for (Py_ssize_t i = 1; i < sum; i++) { /* insertion: each moves within its bucket */
            uint32_t v = tmp[i];
            Py_ssize_t j = i;
            while (j > 0 && tmp[j - 1] > v) {
                tmp[j] = tmp[j - 1];
                j--;
            }
            tmp[j] = v;
        }
        Py_ssize_t m = 0;
        for (Py_ssize_t i = 0; i < sum; i++)
            if (m == 0 || tmp[i] != tmp[m - 1])
                tmp[m++] = tmp[i];
        if (m >= want || sum >= n) { /* enough, or every value read */
            memcpy(a, tmp, (size_t)m * sizeof *a);
            return m;
        }
    }
}

/* Every shingle's hash (masked) into a new buffer: the words' and numbers' CRCs as
 * hash((crc, 1)), the bigrams of units' UTF-16 code units as hash((x,)).  *n its length;
 * NULL with an exception set. */
static uint32_t *all_hashes(PyObject *crcs, PyObject *units, uint32_t mask, Py_ssize_t *n)
{
    PyObject *seq = PySequence_Fast(crcs, "crcs: a sequence of int");
    if (seq == NULL)
        return NULL;
    Py_ssize_t nw = PySequence_Fast_GET_SIZE(seq), nb = 0, len = 0;
    uint16_t *b = NULL; /* units as UTF-16 code units, as str.encode("utf-16-le") */
    uint32_t *out = NULL;
    Py_ssize_t nu = PyUnicode_GET_LENGTH(units);
    if (nu > PY_SSIZE_T_MAX / 8) {
        PyErr_NoMemory();
        goto done;
    }
    if (nu > 0) {
        int kind = PyUnicode_KIND(units);
        const void *data = PyUnicode_DATA(units);
        b = PyMem_Malloc((size_t)nu * 2 * sizeof *b);
        if (b == NULL) {
            PyErr_NoMemory();
            goto done;
        }
        for (Py_ssize_t i = 0; i < nu; i++) {
            Py_UCS4 c = PyUnicode_READ(kind, data, i);
            if (c >= 0xD800 && c <= 0xDFFF) { /* a lone surrogate: the codec's error */
                PyObject *raw = PyUnicode_AsEncodedString(units, "utf-16-le", "strict");
                if (raw != NULL) { /* never: the codec refuses it too */
                    Py_DECREF(raw);
                    PyErr_SetString(PyExc_UnicodeError, "units: a lone surrogate");
                }
                goto done;
            }
            if (c < 0x10000) {
                b[len++] = (uint16_t)c;
            } else {
                c -= 0x10000;
                b[len++] = (uint16_t)(0xD800 | (c >> 10));
                b[len++] = (uint16_t)(0xDC00 | (c & 0x3FF));
            }
        }
        /* in bytes: len * 2; pairs: (2 len) / 4 from 0, (2 len - 2) / 4 from 2 */
        nb = len / 2 + (len >= 1 ? (len - 1) / 2 : 0);
    }
    if (nw > PY_SSIZE_T_MAX / 8 - nb) {
        PyErr_NoMemory();
        goto done;
    }
    out = PyMem_Malloc((size_t)(nw + nb + 1) * 2 * sizeof *out); /* room to sort in too */
    if (out == NULL) {
        PyErr_NoMemory();
        goto done;
    }
    Py_ssize_t k = 0;
    PyObject **items = PySequence_Fast_ITEMS(seq);
    for (Py_ssize_t i = 0; i < nw; i++) {
        Py_hash_t h = PyObject_Hash(items[i]);
        if (h == -1 && PyErr_Occurred()) {
            PyMem_Free(out);
            out = NULL;
            goto done;
        }
        out[k++] = (uint32_t)(hash_pair_one((uhash)h) & mask);
    }
    /* the pairs `array("I", raw[:len // 4 * 4])` and `raw[2:2 + (len - 2) // 4 * 4]` of
     * the bytes read: each two units, the first the low half */
    for (Py_ssize_t i = 0; i + 2 <= len; i += 2)
        out[k++] = (uint32_t)(hash_single((uhash)((uint32_t)b[i] | (uint32_t)b[i + 1] << 16))
                              & mask);
    for (Py_ssize_t i = 1; i + 2 <= len; i += 2)
        out[k++] = (uint32_t)(hash_single((uhash)((uint32_t)b[i] | (uint32_t)b[i + 1] << 16))
                              & mask);
    *n = k;
done:
    Py_DECREF(seq);
    PyMem_Free(b);
    return out;
}

static int parse_mask(PyObject *obj, uint32_t *mask)
{
    unsigned long long m = PyLong_AsUnsignedLongLong(obj);
    if (m == (unsigned long long)-1 && PyErr_Occurred())
        return -1;
    if (m > 0xFFFFFFFFULL) {
        PyErr_SetString(PyExc_ValueError, "mask: at most 32 bits");
        return -1;
    }
    *mask = (uint32_t)m;
    return 0;
}

static PyObject *native_hashes(PyObject *self, PyObject *args)
{
    PyObject *crcs, *units, *mask_obj;
    uint32_t mask;
    if (!PyArg_ParseTuple(args, "OUO:hashes", &crcs, &units, &mask_obj)
        || parse_mask(mask_obj, &mask) < 0)
        return NULL;
    Py_ssize_t n;
    uint32_t *h = all_hashes(crcs, units, mask, &n);
    if (h == NULL)
        return NULL;
    PyObject *out = PySet_New(NULL);
    for (Py_ssize_t i = 0; out != NULL && i < n; i++) {
        PyObject *v = PyLong_FromUnsignedLong(h[i]);
        if (v == NULL || PySet_Add(out, v) < 0)
            Py_CLEAR(out);
        Py_XDECREF(v);
    }
    PyMem_Free(h);
    return out;
}

static PyObject *native_head(PyObject *self, PyObject *args)
{
    PyObject *crcs, *units, *mask_obj;
    uint32_t mask;
    Py_ssize_t k, bottom, min_shingles;
    if (!PyArg_ParseTuple(args, "OUOnnn:head", &crcs, &units, &mask_obj, &k, &bottom,
                          &min_shingles) || parse_mask(mask_obj, &mask) < 0)
        return NULL;
    if (k < 1 || k > 256 || (k & (k - 1)) || bottom < 1 || bottom > (1 << 20)) {
        PyErr_SetString(PyExc_ValueError, "head: k a power of two to 256, bottom 1 to 2**20");
        return NULL;
    }
    Py_ssize_t n;
    uint32_t *h = all_hashes(crcs, units, mask, &n);
    if (h == NULL)
        return NULL;
    /* the bottom `bottom` (and at least `min_shingles`) distinct hashes: when fewer, all */
    int bits = 0;
    while (bits < 32 && (mask >> bits))
        bits++;
    Py_ssize_t m = bottom_unique(h, h + n + 1, n, bottom > min_shingles ? bottom : min_shingles,
                                 bits);
    if (m < min_shingles || m == 0) {
        PyMem_Free(h);
        return PyBytes_FromStringAndSize(NULL, 0);
    }
    Py_ssize_t kept = m < bottom ? m : bottom;
    PyObject *out = PyBytes_FromStringAndSize(NULL, (k + 1 + kept) * 8);
    if (out != NULL) {
        uint64_t *o = (uint64_t *)PyBytes_AS_STRING(out);
        /* an empty bin: the smallest hash mixed with its number; else its smallest */
        for (Py_ssize_t i = 0; i < k; i++)
            o[i] = (uint64_t)h[0] ^ (uint64_t)i;
        for (Py_ssize_t i = kept - 1; i >= 0; i--)
            o[h[i] & (uint32_t)(k - 1)] = h[i];
        o[k] = (uint64_t)kept;
        for (Py_ssize_t i = 0; i < kept; i++)
            o[k + 1 + i] = h[i];
    }
    PyMem_Free(h);
    return out;
}

/* A buffer's values as int64 into *out (PyMem_Malloc'd), their count into *n: formats
 * "I", "i", "q" and "l"/"L" of 4 or 8 bytes; "Q" while every value is below 2**63.  0,
 * -1 with an exception set, 1: a format (or a value) read otherwise (the Python step). */
static int read_values(PyObject *obj, int64_t **out, Py_ssize_t *n)
{
    Py_buffer view;
    if (PyObject_GetBuffer(obj, &view, PyBUF_FORMAT | PyBUF_C_CONTIGUOUS) < 0) {
        if (!PyErr_ExceptionMatches(PyExc_BufferError)
            && !PyErr_ExceptionMatches(PyExc_TypeError))
            return -1;
        PyErr_Clear(); /* no buffer, or not one in a row: the Python step */
        return 1;
    }
    const char *f = view.format ? view.format : "B";
    if (*f == '@' || *f == '=' || *f == '<')
        f++;
    char code = f[0];
    int ok = f[1] == '\0' && (view.itemsize == 4 || view.itemsize == 8)
             && (code == 'I' || code == 'i' || code == 'q' || code == 'Q' || code == 'l'
                 || code == 'L');
    if (!ok || view.len / view.itemsize > PY_SSIZE_T_MAX / 8) {
        PyBuffer_Release(&view);
        return 1;
    }
    Py_ssize_t count = view.len / view.itemsize;
    int64_t *v = PyMem_Malloc((size_t)(count ? count : 1) * sizeof *v);
    if (v == NULL) {
        PyBuffer_Release(&view);
        PyErr_NoMemory();
        return -1;
    }
    int is_signed = code == 'i' || code == 'q' || code == 'l';
    for (Py_ssize_t i = 0; i < count; i++) {
        const char *p = (const char *)view.buf + i * view.itemsize;
        if (view.itemsize == 4) {
            uint32_t u;
            memcpy(&u, p, 4);
            v[i] = is_signed ? (int64_t)(int32_t)u : (int64_t)u;
        } else {
            uint64_t u;
            memcpy(&u, p, 8);
            if (!is_signed && u >> 63) { /* past int64: the Python step */
                PyMem_Free(v);
                PyBuffer_Release(&view);
                return 1;
            }
            v[i] = (int64_t)u;
        }
    }
    PyBuffer_Release(&view);
    *out = v;
    *n = count;
    return 0;
}

static int cmp_int64(const void *a, const void *b)
{
    int64_t x = *(const int64_t *)a, y = *(const int64_t *)b;
    return (x > y) - (x < y);
}

/* Sorted and without duplicates (a cached sketch is data: its hashes may be neither). */
static Py_ssize_t as_set(int64_t *v, Py_ssize_t n)
{
    int sorted = 1;
    for (Py_ssize_t i = 1; i < n && sorted; i++)
        sorted = v[i - 1] < v[i];
    if (sorted)
        return n;
    qsort(v, (size_t)n, sizeof *v, cmp_int64);
    Py_ssize_t m = 0;
    for (Py_ssize_t i = 0; i < n; i++)
        if (m == 0 || v[i] != v[m - 1])
            v[m++] = v[i];
    return m;
}

/* len(frozenset(xs) & frozenset(ys)) of two buffers of integers (a sketch's bottom
 * hashes); -1 when a buffer's format is not one read here (the caller's Python step). */
static PyObject *native_shared(PyObject *self, PyObject *args)
{
    PyObject *a, *b;
    if (!PyArg_ParseTuple(args, "OO:shared", &a, &b))
        return NULL;
    int64_t *x = NULL, *y = NULL;
    Py_ssize_t nx, ny;
    int rc = read_values(a, &x, &nx);
    if (rc != 0)
        return rc < 0 ? NULL : PyLong_FromLong(-1);
    rc = read_values(b, &y, &ny);
    if (rc != 0) {
        PyMem_Free(x);
        return rc < 0 ? NULL : PyLong_FromLong(-1);
    }
    nx = as_set(x, nx);
    ny = as_set(y, ny);
    Py_ssize_t i = 0, j = 0, shared = 0;
    while (i < nx && j < ny) {
        if (x[i] < y[j])
            i++;
        else if (x[i] > y[j])
            j++;
        else {
            shared++;
            i++;
            j++;
        }
    }
    PyMem_Free(x);
    PyMem_Free(y);
    return PyLong_FromSsize_t(shared);
}

/* A sketch's values past its K bins (`near_duplicate_store.rest`'s view, read in place):
 * a whole sketch's 8-byte values (signed), or a packed one's (`Packed`: a 4-byte count h,
 * the first h values' low halves, then the rest 8 bytes each). */
typedef struct {
    const unsigned char *p;
    Py_ssize_t h;     /* values held as 32 bits (0: a whole sketch) */
    Py_ssize_t count; /* values past the bins */
    Py_ssize_t k;
    int packed;
} rest_view;

static int rest_open(PyObject *sk, PyTypeObject *packed_type, Py_ssize_t k, rest_view *r)
{
    if (!PyBytes_Check(sk))
        return 0;
    const unsigned char *p = (const unsigned char *)PyBytes_AS_STRING(sk);
    Py_ssize_t len = PyBytes_GET_SIZE(sk), total;
    r->k = k;
    if (Py_TYPE(sk) == packed_type) {
        if (len < 4)
            return 0;
        uint32_t h;
        memcpy(&h, p, 4);
        if ((Py_ssize_t)h > (len - 4) / 4 || (len - 4 - 4 * (Py_ssize_t)h) % 8)
            return 0;
        total = (Py_ssize_t)h + (len - 4 - 4 * (Py_ssize_t)h) / 8;
        r->packed = 1;
        r->h = (Py_ssize_t)h;
        r->p = p + 4;
    } else {
        if (Py_TYPE(sk) != &PyBytes_Type || len % 8)
            return 0;
        total = len / 8;
        r->packed = 0;
        r->h = 0;
        r->p = p;
    }
    if (total < k + 1)
        return 0;
    r->count = total - k;
    return 1;
}

/* The rest's value i (0 <= i < count). */
static inline int64_t rest_at(const rest_view *r, Py_ssize_t i)
{
    Py_ssize_t w = i + r->k;
    if (r->packed) {
        if (w < r->h) {
            uint32_t u;
            memcpy(&u, r->p + 4 * w, 4);
            return (int64_t)u;
        }
        int64_t v;
        memcpy(&v, r->p + 4 * r->h + 8 * (w - r->h), 8);
        return v;
    }
    int64_t v;
    memcpy(&v, r->p + 8 * w, 8);
    return v;
}

/* Whether rest[at:at+n] is strictly ascending. */
static int rest_ascending(const rest_view *r, Py_ssize_t at, Py_ssize_t n)
{
    for (Py_ssize_t i = 1; i < n; i++)
        if (rest_at(r, at + i - 1) >= rest_at(r, at + i))
            return 0;
    return 1;
}

/* How many of x[0:nx] (ascending) are at most cut: bisect_right. */
static Py_ssize_t count_upto(const int64_t *x, Py_ssize_t nx, int64_t cut)
{
    Py_ssize_t lo = 0, hi = nx;
    while (lo < hi) {
        Py_ssize_t mid = lo + (hi - lo) / 2;
        if (x[mid] <= cut)
            lo = mid + 1;
        else
            hi = mid;
    }
    return lo;
}

/* The low bits by which `native_screen` finds a key's hashes (a table of 32 KiB). */
#define SLOT_MASK 4095

/* `near_duplicate._grown` */
static int grown_of(Py_ssize_t shared, Py_ssize_t counted, Py_ssize_t na, Py_ssize_t nb,
                    Py_ssize_t short_, Py_ssize_t grown_times, double held)
{
    Py_ssize_t small = na <= nb ? na : nb, large = na <= nb ? nb : na;
    return counted && small <= short_ && large >= grown_times * small
           && (double)shared >= held * (double)counted;
}

/* `near_duplicate.backed` */
static int backed_of(Py_ssize_t shared, Py_ssize_t na, Py_ssize_t nb, double sim, int grown,
                     double low, double floor_)
{
    Py_ssize_t fewer = na < nb ? na : nb;
    if (grown && sim >= floor_)
        return shared >= 1;
    if (sim >= low)
        return fewer ? 2 * shared >= fewer : na == nb;
    return sim >= floor_ && ((shared == na && na == nb && nb >= 3)
                             || (shared == fewer && fewer >= 4));
}

/* Whether both sides hold a type fact (one of types[0:nt]) and not the same ones: x's
 * facts xf[0:nf] (ascending), y's rest[at:at + m]. */
static int other_types(const int64_t *xf, Py_ssize_t nf, const rest_view *r, Py_ssize_t at,
                       Py_ssize_t m, const int64_t *types, Py_ssize_t nt)
{
    int any_x = 0, any_y = 0, differ = 0;
    for (Py_ssize_t t = 0; t < nt; t++) {
        int in_x = 0, in_y = 0;
        for (Py_ssize_t i = 0; i < nf && !in_x; i++)
            in_x = xf[i] == types[t];
        for (Py_ssize_t i = 0; i < m && !in_y; i++)
            in_y = rest_at(r, at + i) == types[t];
        any_x |= in_x;
        any_y |= in_y;
        differ |= in_x != in_y;
    }
    return any_x && any_y && differ;
}

/* screen(xs, xfacts, x_word, x_dated, others, dated, packed_type, params) -> list | None
 *
 * `near_duplicate._matches`' first stage (the LSH path: no bits) for one key against its
 * candidates `others` (sketches: bytes, whole or `Packed`): the indices of those it must
 * still judge, every other one being a candidate the Python loop drops before reading a
 * sketch whole (no hash in common, under the threshold, under RESTATED without a number
 * in words, a line or two under THRESHOLD, the facts not backing it). A candidate whose
 * sketch is read otherwise (cut short, hashes or facts not ascending, numbers in words:
 * `_settled`) is kept: the Python loop judges it. None: the key's own hashes are not
 * ascending (the Python loop judges all).
 *   xs, xfacts: the key's bottom hashes and facts (buffers of integers)
 *   dated: None, or one byte per candidate (1: a dated file's, `_DATED`)
 *   params: (threshold, RESTATED, THRESHOLD, LOW, FLOOR, MIN_SHINGLES, BOTTOM, SHORT, GROWN,
 *            HELD, WORD_BIT, K, mx, types: the common types' facts, a buffer, WHOLE)
 * Two dated files (daily logs) are kept when one is a copy of the other (`_copied`: each
 * side MIN_SHINGLES or more, and the same hashes, or WHOLE of the smaller's in both: past
 * SHORT a copy, a shorter note read whole, `_carried`), else dropped.
 * From LOW alike, a pair whose sides hold two types is kept when its facts back it with
 * one fact fewer a side too (each side's type: as a branch judging it so would). */
static PyObject *native_screen(PyObject *self, PyObject *args)
{
    PyObject *xs_obj, *xf_obj, *others, *dated_obj, *packed_obj;
    int x_word, x_dated;
    double threshold, restated, full, low, floor_, held, whole;
    Py_ssize_t min_shingles, bottom, short_, grown_times, k, mx;
    long long word_bit;
    PyObject *types_obj;
    if (!PyArg_ParseTuple(args, "OOppO!OO!(dddddnnnndLnnOd):screen", &xs_obj, &xf_obj,
                          &x_word, &x_dated, &PyList_Type, &others, &dated_obj,
                          &PyType_Type, &packed_obj, &threshold, &restated, &full, &low,
                          &floor_, &min_shingles, &bottom, &short_, &grown_times, &held,
                          &word_bit, &k, &mx, &types_obj, &whole))
        return NULL;
    if (k < 0 || k > PY_SSIZE_T_MAX / 8) {
        PyErr_SetString(PyExc_ValueError, "screen: k out of range");
        return NULL;
    }
    Py_ssize_t count = PyList_GET_SIZE(others);
    const char *dated = NULL;
    if (dated_obj != Py_None) {
        if (!PyBytes_Check(dated_obj) || PyBytes_GET_SIZE(dated_obj) != count) {
            PyErr_SetString(PyExc_ValueError, "screen: dated is one byte per candidate");
            return NULL;
        }
        dated = PyBytes_AS_STRING(dated_obj);
    }
    int64_t *x = NULL, *xf = NULL;
    Py_ssize_t nx, nf;
    int rc = read_values(xs_obj, &x, &nx);
    if (rc != 0) {
        if (rc < 0)
            return NULL;
        Py_RETURN_NONE;
    }
    rc = read_values(xf_obj, &xf, &nf);
    if (rc != 0) {
        PyMem_Free(x);
        if (rc < 0)
            return NULL;
        Py_RETURN_NONE;
    }
    int64_t *types = NULL;
    Py_ssize_t ntypes;
    rc = read_values(types_obj, &types, &ntypes);
    if (rc != 0) {
        PyMem_Free(x);
        PyMem_Free(xf);
        if (rc < 0)
            return NULL;
        Py_RETURN_NONE;
    }
    PyObject *out = NULL;
    int64_t *slots = NULL, *over = NULL;
    Py_ssize_t nover = 0;
    int64_t *ys = NULL; /* a candidate's bottom hashes */
    Py_ssize_t ycap = 0;
    int ascending = nx > 0;
    for (Py_ssize_t i = 1; i < nx && ascending; i++)
        ascending = x[i - 1] < x[i];
    if (!ascending) {
        out = Py_None;
        Py_INCREF(out);
        goto done;
    }
    nf = as_set(xf, nf); /* a frozenset's values */
    /* the key's hashes by their low bits: slot t holds the first of them whose low bits
     * are t (an empty one a value whose are not: it equals no hash), `over` the others */
    slots = PyMem_Malloc((SLOT_MASK + 1) * sizeof *slots);
    over = PyMem_Malloc((size_t)(nx ? nx : 1) * sizeof *over);
    if (slots == NULL || over == NULL) {
        PyErr_NoMemory();
        goto done;
    }
    for (Py_ssize_t t = 0; t <= SLOT_MASK; t++)
        slots[t] = t ^ 1;
    for (Py_ssize_t i = 0; i < nx; i++) {
        if ((slots[x[i] & SLOT_MASK] & SLOT_MASK) != (x[i] & SLOT_MASK))
            slots[x[i] & SLOT_MASK] = x[i];
        else
            over[nover++] = x[i];
    }
    out = PyList_New(0);
    if (out == NULL)
        goto done;
    int64_t last = x[nx - 1];
    PyTypeObject *packed_type = (PyTypeObject *)packed_obj;
    for (Py_ssize_t j = 0; j < count; j++) {
        int y_dated = dated != NULL && dated[j];
        rest_view r;
        int keep = 1;
        if (!rest_open(PyList_GET_ITEM(others, j), packed_type, k, &r))
            goto decided;
        int64_t n64 = rest_at(&r, 0);
        if (n64 <= 0 || n64 >= r.count)
            goto decided;
        Py_ssize_t n = (Py_ssize_t)n64;
        /* its bottom hashes read once into ys (in place they cost a branch a value, and
         * were read three times: ascending?, the merge, the cut) */
        if (n > ycap) {
            int64_t *grown_ys = PyMem_Realloc(ys, (size_t)n * sizeof(int64_t));
            if (grown_ys == NULL) {
                Py_CLEAR(out);
                PyErr_NoMemory();
                goto done;
            }
            ys = grown_ys;
            ycap = n;
        }
        if (r.packed && k + 1 + n <= r.h) { /* all held as 32 bits: read them so */
            const unsigned char *at = r.p + 4 * (k + 1);
            for (Py_ssize_t b = 0; b < n; b++) {
                uint32_t u;
                memcpy(&u, at + 4 * b, 4);
                ys[b] = (int64_t)u;
            }
        } else {
            for (Py_ssize_t b = 0; b < n; b++)
                ys[b] = rest_at(&r, 1 + b);
        }
        int y_ascending = 1;
        for (Py_ssize_t b = 1; b < n && y_ascending; b++)
            y_ascending = ys[b - 1] < ys[b];
        if (!y_ascending)
            goto decided;
        /* the hashes in common: each of the candidate's compared with the key's of its
         * low bits, and the key's others looked for among the candidate's (issue 35: a
         * merge of the two took ~1.5 us a candidate, its branches going either way at
         * random; every pair of a small workspace's is screened) */
        Py_ssize_t shared = 0;
        for (Py_ssize_t b = 0; b < n; b++)
            shared += slots[ys[b] & SLOT_MASK] == ys[b];
        for (Py_ssize_t o = 0; o < nover; o++) {
            Py_ssize_t at = count_upto(ys, n, over[o]);
            shared += at > 0 && ys[at - 1] == over[o];
        }
        keep = 0;
        if (!shared)
            goto decided;
        Py_ssize_t cx, cy;
        if (nx < bottom && n < bottom) {
            cx = nx;
            cy = n;
        } else {
            int64_t ylast = ys[n - 1], cut = last < ylast ? last : ylast;
            cx = count_upto(x, nx, cut);
            cy = count_upto(ys, n, cut); /* bisect_right over the ys */
        }
        Py_ssize_t uni = cx + cy - shared;
        if (uni <= 0)
            goto decided;
        double sim = (double)shared / (double)uni;
        if (sim < threshold)
            goto decided;
        if (x_dated && y_dated) { /* two daily logs: a copy, or a journal (`_copied`) */
            Py_ssize_t fewer = nx < n ? nx : n;
            /* (a short note held whole: its lines are read, `_carried`) */
            keep = fewer >= min_shingles
                   && ((shared == cx && shared == cy)
                       || (double)shared >= whole * (double)(cx < cy ? cx : cy));
            goto decided;
        }
        keep = 1;
        int64_t m64 = r.count > 1 + n ? rest_at(&r, 1 + n) : 0;
        if (m64 < 0 || m64 > r.count - 2 - n)
            goto decided; /* facts cut short, or a count that lies: the Python loop */
        Py_ssize_t m = (Py_ssize_t)m64;
        int y_word = m > 0 && rest_at(&r, 1 + n + m) >= word_bit;
        if (sim < restated && !x_word && !y_word) {
            keep = 0;
            goto decided;
        }
        int grown = (nx <= short_ || n <= short_) && !(x_dated || y_dated)
                    && grown_of(shared, nx <= n ? cx : cy, nx, n, short_, grown_times, held);
        if (sim < full) {
            if (nx < min_shingles || n < min_shingles) {
                /* a line or two: alike as written, or from LOW with the same facts, two
                 * distinctive at least (`_same_short`, in Python) */
                keep = sim >= low && m >= 2 && mx >= 2;
                goto decided;
            }
            if (x_word || y_word)
                goto decided; /* numbers in words: `_settled`, in Python */
            Py_ssize_t common;
            if (sim < low && !grown && (m < mx ? m : mx) < 3) {
                keep = 0;
                goto decided;
            } else if (!m || !mx) {
                common = 0;
            } else {
                if (!rest_ascending(&r, 2 + n, m))
                    goto decided;
                Py_ssize_t p = 0, q = 0;
                common = 0;
                while (p < nf && q < m) {
                    int64_t fv = rest_at(&r, 2 + n + q);
                    if (xf[p] < fv)
                        p++;
                    else if (xf[p] > fv)
                        q++;
                    else {
                        common++;
                        p++;
                        q++;
                    }
                }
            }
            if (!backed_of(common, mx, m, sim, grown, low, floor_)
                && !(sim < low && common >= 3)
                && !(sim >= low && mx > 0 && m > 0 && other_types(xf, nf, &r, 2 + n, m, types,
                                                                   ntypes)
                     && backed_of(common, mx - 1, m - 1, sim, grown, low, floor_)))
                keep = 0; /* (two types: the pair judged with one fact fewer a side too) */
        }
    decided:
        if (keep) {
            PyObject *idx = PyLong_FromSsize_t(j);
            if (idx == NULL || PyList_Append(out, idx) < 0) {
                Py_XDECREF(idx);
                Py_CLEAR(out);
                goto done;
            }
            Py_DECREF(idx);
        }
    }
done:
    PyMem_Free(x);
    PyMem_Free(xf);
    PyMem_Free(types);
    PyMem_Free(ys);
    PyMem_Free(slots);
    PyMem_Free(over);
    return out;
}

static inline uint64_t mix64(uint64_t h)
{
    h ^= h >> 33;
    h *= 0xff51afd7ed558ccdULL;
    h ^= h >> 33;
    h *= 0xc4ceb9fe1a85ec53ULL;
    h ^= h >> 33;
    return h;
}

/* The candidate pairs noted so far, in order (`near_duplicate.pairs`' ``note``). */
typedef struct {
    uint32_t *a, *b;
    Py_ssize_t len, cap;
} pair_list;

static int pairs_add(pair_list *p, Py_ssize_t a, Py_ssize_t b)
{
    if (p->len == p->cap) {
        Py_ssize_t cap = p->cap ? 2 * p->cap : 1024;
        if (cap > PY_SSIZE_T_MAX / 8)
            return -1;
        uint32_t *na = PyMem_Realloc(p->a, (size_t)cap * sizeof *na);
        if (na == NULL)
            return -1;
        p->a = na;
        uint32_t *nb = PyMem_Realloc(p->b, (size_t)cap * sizeof *nb);
        if (nb == NULL)
            return -1;
        p->b = nb;
        p->cap = cap;
    }
    p->a[p->len] = (uint32_t)a;
    p->b[p->len] = (uint32_t)b;
    p->len++;
    return 0;
}

/* Buckets of members chained in order (`first`, `next`), counted (`members`): the pairs
 * of each in the order of the buckets' first members: every pair of a bucket of up to
 * `all` members, past it its first with each other (`first_only`; else none). */
static int note_buckets(pair_list *p, Py_ssize_t nb, const Py_ssize_t *first,
                        const Py_ssize_t *members, const Py_ssize_t *next, Py_ssize_t all,
                        int first_only)
{
    for (Py_ssize_t b = 0; b < nb; b++) {
        if (members[b] < 2)
            continue;
        if (members[b] <= all) {
            for (Py_ssize_t x = first[b]; x >= 0; x = next[x])
                for (Py_ssize_t y = next[x]; y >= 0; y = next[y])
                    if (pairs_add(p, x, y) < 0)
                        return -1;
        } else if (first_only) {
            for (Py_ssize_t y = next[first[b]]; y >= 0; y = next[y])
                if (pairs_add(p, first[b], y) < 0)
                    return -1;
        }
    }
    return 0;
}

/* A sketch's facts as `near_duplicate._facts_of` gives them, in its order: *m of them,
 * read in place (*out NULL: its facts ascending, rest[2 + n:2 + n + m]) or, a number in
 * words among them (the last at least word_bit), each masked in the order of the set
 * Python makes of them, into *out (PyMem_Malloc'd; issue 35: a copy of every sketch's
 * facts held ~6 MiB at 50,000 memories). 1: read otherwise (a count that lies, facts not
 * ascending): the Python step. */
static int facts_of(const rest_view *r, int64_t word_bit, int64_t fact_mask, int64_t **out,
                    Py_ssize_t *m_out)
{
    *out = NULL;
    int64_t n = rest_at(r, 0);
    if (n < 0)
        return 1;
    int64_t m = n + 1 < r->count ? rest_at(r, 1 + n) : 0;
    if (m < 0 || (m > 0 && m > r->count - 2 - n))
        return 1;
    for (int64_t q = 1; q < m; q++)
        if (rest_at(r, 1 + n + q) >= rest_at(r, 2 + n + q))
            return 1;
    *m_out = (Py_ssize_t)m;
    if (m == 0 || rest_at(r, 1 + n + m) < word_bit)
        return 0;
    int64_t *v = PyMem_Malloc((size_t)m * sizeof *v);
    if (v == NULL) {
        PyErr_NoMemory();
        return -1;
    }
    for (int64_t q = 0; q < m; q++)
        v[q] = rest_at(r, 2 + n + q);
    { /* {h & FACT_MASK for h in known}, iterated */
        PyObject *set = PySet_New(NULL);
        if (set == NULL)
            goto fail;
        for (int64_t q = 0; q < m; q++) {
            PyObject *h = PyLong_FromLongLong(v[q] & fact_mask);
            if (h == NULL || PySet_Add(set, h) < 0) {
                Py_XDECREF(h);
                Py_DECREF(set);
                goto fail;
            }
            Py_DECREF(h);
        }
        PyObject *it = PyObject_GetIter(set), *key;
        Py_DECREF(set);
        if (it == NULL)
            goto fail;
        int64_t q = 0;
        while ((key = PyIter_Next(it)) != NULL) {
            v[q++] = PyLong_AsLongLong(key); /* (values below 2**63: no error) */
            Py_DECREF(key);
        }
        Py_DECREF(it);
        if (PyErr_Occurred())
            goto fail;
        m = q;
    }
    *out = v;
    *m_out = (Py_ssize_t)m;
    return 0;
fail:
    PyMem_Free(v);
    return -1;
}

/* Room for one more fact and one more holding in `native_candidates`' facts: the table
 * (*table, *size slots: doubled and every fact numbered again in it when one more would
 * fill it past half), the facts' arrays (*cap: doubled when full) and the holdings'
 * (*hcap: doubled when full). -1 with MemoryError set. */
static int fact_grow(uint32_t **table, Py_ssize_t *size, uint32_t nf, int64_t **fkey,
                     uint32_t **ffirst, uint32_t **flast, uint32_t **fcount, Py_ssize_t *cap,
                     uint32_t **fnext, uint32_t **owner, Py_ssize_t *hcap, uint32_t nh)
{
    if (nf >= UINT32_MAX / 4 || nh >= UINT32_MAX / 4) {
        PyErr_NoMemory();
        return -1;
    }
    if (nf == *cap) {
        Py_ssize_t c = *cap ? 2 * *cap : 1024;
        int64_t *k = PyMem_Realloc(*fkey, (size_t)c * sizeof *k);
        if (k != NULL)
            *fkey = k;
        uint32_t *a = k ? PyMem_Realloc(*ffirst, (size_t)c * sizeof *a) : NULL;
        if (a != NULL)
            *ffirst = a;
        uint32_t *b = a ? PyMem_Realloc(*flast, (size_t)c * sizeof *b) : NULL;
        if (b != NULL)
            *flast = b;
        uint32_t *d = b ? PyMem_Realloc(*fcount, (size_t)c * sizeof *d) : NULL;
        if (d == NULL) {
            PyErr_NoMemory();
            return -1;
        }
        *fcount = d;
        *cap = c;
    }
    if (nh == *hcap) {
        Py_ssize_t c = *hcap ? 2 * *hcap : 4096;
        uint32_t *a = PyMem_Realloc(*fnext, (size_t)c * sizeof *a);
        if (a != NULL)
            *fnext = a;
        uint32_t *b = a ? PyMem_Realloc(*owner, (size_t)c * sizeof *b) : NULL;
        if (b == NULL) {
            PyErr_NoMemory();
            return -1;
        }
        *owner = b;
        *hcap = c;
    }
    if (2 * ((Py_ssize_t)nf + 1) > *size) {
        Py_ssize_t z = *size ? 2 * *size : 2048;
        uint32_t *t = PyMem_Calloc((size_t)z, sizeof *t);
        if (t == NULL) {
            PyErr_NoMemory();
            return -1;
        }
        for (uint32_t e = 0; e < nf; e++) {
            Py_ssize_t at = (Py_ssize_t)(mix64((uint64_t)(*fkey)[e]) & (uint64_t)(z - 1));
            while (t[at] != 0)
                at = (at + 1) & (z - 1);
            t[at] = e + 1;
        }
        PyMem_Free(*table);
        *table = t;
        *size = z;
    }
    return 0;
}

/* candidates(sketches, packed_type, k, bands, rows, bucket_all, fact_bucket, word_bit,
 *            fact_mask) -> (bytes, bytes) | None
 *
 * `near_duplicate.pairs`' candidates past ALL_PAIRS (`_later`): for each sketch (by its
 * index) the later sketches it is a candidate with, in the order `pairs` notes them (the
 * LSH bands one by one, each band's buckets in the order of their first member, a bucket
 * of up to `bucket_all` every pair, past it its first with each; then the facts' holders in
 * the order of their first, those of 2 to `fact_bucket` members every pair), a pair found
 * twice kept twice: (the candidates one after another as unsigned 32-bit values, and
 * where each sketch's start: len(sketches) + 1 such values). Two sketches share a band's
 * bucket exactly when their bins there are equal (`near_duplicate_store.band`'s keys).
 * None: a sketch read otherwise (not bytes, too short, facts that lie). */
static PyObject *native_candidates(PyObject *self, PyObject *args)
{
    PyObject *sks, *packed_obj;
    Py_ssize_t k, bands, rows, bucket_all, fact_bucket;
    long long word_bit, fact_mask;
    if (!PyArg_ParseTuple(args, "O!O!nnnnnLL:candidates", &PyList_Type, &sks, &PyType_Type,
                          &packed_obj, &k, &bands, &rows, &bucket_all, &fact_bucket,
                          &word_bit, &fact_mask))
        return NULL;
    if (bands < 0 || rows < 1 || bands > 4096 || rows > 4096 || k < 0 || k > 1 << 20) {
        PyErr_SetString(PyExc_ValueError, "candidates: bands or rows out of range");
        return NULL;
    }
    Py_ssize_t n = PyList_GET_SIZE(sks), need = bands * rows;
    if (n >= (Py_ssize_t)UINT32_MAX || n > PY_SSIZE_T_MAX / 64)
        return PyErr_NoMemory();
    PyTypeObject *packed_type = (PyTypeObject *)packed_obj;
    size_t cells = (size_t)(n ? n : 1);
    Py_ssize_t size = 16;
    while (size < 2 * n)
        size <<= 1;
    rest_view *views = PyMem_Malloc(cells * sizeof *views);
    Py_ssize_t *table = PyMem_Malloc((size_t)size * sizeof *table);
    Py_ssize_t *first = PyMem_Malloc(cells * sizeof *first);
    Py_ssize_t *last = PyMem_Malloc(cells * sizeof *last);
    Py_ssize_t *members = PyMem_Malloc(cells * sizeof *members);
    Py_ssize_t *next = PyMem_Malloc(cells * sizeof *next);
    pair_list found = {NULL, NULL, 0, 0};
    PyObject *out = NULL;
    int64_t *fkey = NULL;
    uint32_t *ffirst = NULL, *flast = NULL, *fcount = NULL, *fnext = NULL, *ftable = NULL;
    uint32_t *owner = NULL;
    if (!views || !table || !first || !last || !members || !next) {
        PyErr_NoMemory();
        goto done;
    }
    for (Py_ssize_t i = 0; i < n; i++)
        if (!rest_open(PyList_GET_ITEM(sks, i), packed_type, 0, &views[i])
            || views[i].count < need) {
            out = Py_None;
            Py_INCREF(out);
            goto done;
        }
    /* the bands: one at a time, a table of buckets by their bins */
    for (Py_ssize_t band = 0; band < bands; band++) {
        Py_ssize_t lo = band * rows, nb = 0;
        for (Py_ssize_t t = 0; t < size; t++)
            table[t] = 0;
        for (Py_ssize_t i = 0; i < n; i++) {
            uint64_t h = 0x9e3779b97f4a7c15ULL;
            for (Py_ssize_t r = 0; r < rows; r++)
                h = mix64(h ^ (uint64_t)rest_at(&views[i], lo + r));
            Py_ssize_t t = (Py_ssize_t)(h & (uint64_t)(size - 1));
            for (;;) {
                Py_ssize_t b = table[t] - 1;
                if (b < 0) {
                    table[t] = nb + 1;
                    first[nb] = last[nb] = i;
                    members[nb] = 1;
                    next[i] = -1;
                    nb++;
                    break;
                }
                const rest_view *f = &views[first[b]];
                Py_ssize_t r = 0;
                while (r < rows && rest_at(f, lo + r) == rest_at(&views[i], lo + r))
                    r++;
                if (r == rows) {
                    next[last[b]] = i;
                    next[i] = -1;
                    last[b] = i;
                    members[b]++;
                    break;
                }
                t = (t + 1) & (size - 1);
            }
        }
        if (note_buckets(&found, nb, first, members, next, bucket_all, 1) < 0) {
            PyErr_NoMemory();
            goto done;
        }
    }
    /* the bands' tables are done with (`last` is reused below) */
    PyMem_Free(table);
    PyMem_Free(first);
    PyMem_Free(members);
    PyMem_Free(next);
    table = first = members = next = NULL;
    /* the facts' holders, in the order of their first, in one pass over the sketches:
     * the facts seen numbered as they come (a table grown to stay at most half full) and
     * each one's holders chained while they are at most fact_bucket (a fact held more
     * widely pairs nothing). Issue 35: sized by the holdings (748,501 at 50,000 memories,
     * of 32,848 facts) with a copy of every sketch's facts, they held ~40 MiB at the
     * pairing's peak. */
    Py_ssize_t fsize = 0, fcap = 0, hcap = 0;
    uint32_t nf = 0, nh = 0;
    for (Py_ssize_t i = 0; i < n; i++) {
        int64_t *v = NULL;
        Py_ssize_t m = 0;
        if (!rest_open(PyList_GET_ITEM(sks, i), packed_type, k, &views[i])) {
            out = Py_None;
            Py_INCREF(out);
            goto done;
        }
        int rc = facts_of(&views[i], word_bit, fact_mask, &v, &m);
        if (rc != 0) {
            if (rc > 0) {
                out = Py_None;
                Py_INCREF(out);
            }
            goto done;
        }
        Py_ssize_t at = v ? 0 : 2 + (Py_ssize_t)rest_at(&views[i], 0);
        for (Py_ssize_t q = 0; q < m; q++) {
            int64_t h = v ? v[q] : rest_at(&views[i], at + q);
            if (2 * ((Py_ssize_t)nf + 1) > fsize || nf == fcap || nh == hcap) {
                if (fact_grow(&ftable, &fsize, nf, &fkey, &ffirst, &flast, &fcount, &fcap,
                              &fnext, &owner, &hcap, nh) < 0) {
                    PyMem_Free(v);
                    goto done;
                }
            }
            Py_ssize_t t = (Py_ssize_t)(mix64((uint64_t)h) & (uint64_t)(fsize - 1));
            uint32_t e;
            for (;;) {
                e = ftable[t];
                if (e == 0) {
                    ftable[t] = nf + 1;
                    e = nf++;
                    fkey[e] = h;
                    fcount[e] = 1;
                    ffirst[e] = flast[e] = nh;
                    break;
                }
                e--;
                if (fkey[e] == h) {
                    if (fcount[e] > fact_bucket)
                        e = UINT32_MAX; /* (held too widely already: not chained) */
                    else {
                        fcount[e]++;
                        fnext[flast[e]] = nh;
                        flast[e] = nh;
                    }
                    break;
                }
                t = (t + 1) & (fsize - 1);
            }
            if (e != UINT32_MAX) {
                owner[nh] = (uint32_t)i;
                fnext[nh++] = UINT32_MAX;
            }
        }
        PyMem_Free(v);
    }
    for (uint32_t e = 0; e < nf; e++) {
        if (fcount[e] < 2 || fcount[e] > fact_bucket)
            continue;
        for (uint32_t x = ffirst[e]; x != UINT32_MAX; x = fnext[x])
            for (uint32_t y = fnext[x]; y != UINT32_MAX; y = fnext[y])
                if (pairs_add(&found, owner[x], owner[y]) < 0) {
                    PyErr_NoMemory();
                    goto done;
                }
    }
    /* each sketch's candidates in the order noted (a counting sort, stable) */
    {
        PyObject *flat = PyBytes_FromStringAndSize(NULL, found.len * 4);
        PyObject *starts = PyBytes_FromStringAndSize(NULL, (n + 1) * 4);
        if (flat == NULL || starts == NULL) {
            Py_XDECREF(flat);
            Py_XDECREF(starts);
            goto done;
        }
        uint32_t *f = (uint32_t *)PyBytes_AS_STRING(flat);
        uint32_t *st = (uint32_t *)PyBytes_AS_STRING(starts);
        for (Py_ssize_t i = 0; i <= n; i++)
            st[i] = 0;
        for (Py_ssize_t q = 0; q < found.len; q++)
            st[found.a[q] + 1]++;
        for (Py_ssize_t i = 0; i < n; i++)
            st[i + 1] += st[i];
        for (Py_ssize_t i = 0; i < n; i++)
            last[i] = st[i]; /* (reused: where each sketch's next goes) */
        for (Py_ssize_t q = 0; q < found.len; q++)
            f[last[found.a[q]]++] = found.b[q];
        out = PyTuple_Pack(2, flat, starts);
        Py_DECREF(flat);
        Py_DECREF(starts);
    }
done:
    PyMem_Free(views);
    PyMem_Free(table);
    PyMem_Free(first);
    PyMem_Free(last);
    PyMem_Free(members);
    PyMem_Free(next);
    PyMem_Free(found.a);
    PyMem_Free(found.b);
    PyMem_Free(fkey);
    PyMem_Free(ffirst);
    PyMem_Free(flast);
    PyMem_Free(fcount);
    PyMem_Free(fnext);
    PyMem_Free(ftable);
    PyMem_Free(owner);
    return out;
}

/* `\d` and `\w` as `re` reads them in a str pattern (Modules/_sre: SRE_UNI_IS_DIGIT,
 * SRE_UNI_IS_WORD). */
static inline int re_digit(Py_UCS4 c)
{
    if (c < 128)
        return c >= '0' && c <= '9';
    if (unspaced(c)) /* no decimal digit among them (tests/core/test_near_duplicate_kernel*) */
        return 0;
    return Py_UNICODE_ISDECIMAL(c);
}

static inline int re_word(Py_UCS4 c)
{
    if (c < 128)
        return (c >= '0' && c <= '9') || ((c | 0x20) >= 'a' && (c | 0x20) <= 'z') || c == '_';
    return Py_UNICODE_ISALNUM(c);
}

/* numbers(text, cjk) -> list[str]
 *
 * `near_duplicate_sketch._NUMBER.findall(text)` (``cjk``: `_NUMBER_CJK`'s), scanned here:
 *   _NUMBER      \d(?:(?<![\w.,]\d)\d{0,2}+(?:[ \u00a0\u2009\u202f]\d{3}+(?!\d))++
 *                  |\d*+(?:[.,:]\d++)*+)(?:[kK](?![^\W\d_]))?+
 *   _NUMBER_CJK  \d\d*+(?:[.,:]\d++)*+(?:[kK](?![^\W\d_]))?+
 * Every digit starts a match (its second alternative matches a digit alone), and nothing
 * in either gives back what it took (possessive), so each match is read forward once. */
static PyObject *native_numbers(PyObject *self, PyObject *args)
{
    PyObject *text;
    int cjk;
    if (!PyArg_ParseTuple(args, "Up:numbers", &text, &cjk))
        return NULL;
    int kind = PyUnicode_KIND(text);
    const void *data = PyUnicode_DATA(text);
    Py_ssize_t n = PyUnicode_GET_LENGTH(text);
    PyObject *out = PyList_New(0);
    if (out == NULL)
        return NULL;
#define AT(i) PyUnicode_READ(kind, data, (i))
#define DIGIT(i) ((i) < n && re_digit(AT(i)))
    Py_ssize_t i = 0;
    while (i < n) {
        if (!re_digit(AT(i))) {
            i++;
            continue;
        }
        Py_ssize_t j = i + 1;
        int grouped = 0;
        if (!cjk) {
            Py_UCS4 before = i > 0 ? AT(i - 1) : 0;
            if (i == 0 || !(re_word(before) || before == '.' || before == ',')) {
                Py_ssize_t g = j;
                while (g < j + 2 && DIGIT(g)) /* \d{0,2}+ */
                    g++;
                int groups = 0;
                for (;;) { /* (?:[ \u00a0\u2009\u202f]\d{3}+(?!\d))++ */
                    if (g >= n)
                        break;
                    Py_UCS4 c = AT(g);
                    if (!(c == ' ' || c == 0xa0 || c == 0x2009 || c == 0x202f))
                        break;
                    if (!(DIGIT(g + 1) && DIGIT(g + 2) && DIGIT(g + 3)) || DIGIT(g + 4))
                        break;
                    g += 4;
                    groups++;
                }
                if (groups) {
                    j = g;
                    grouped = 1;
                }
            }
        }
        if (!grouped) { /* \d*+(?:[.,:]\d++)*+ */
            while (DIGIT(j))
                j++;
            while (j + 1 < n) {
                Py_UCS4 c = AT(j);
                if (!(c == '.' || c == ',' || c == ':') || !re_digit(AT(j + 1)))
                    break;
                j += 2;
                while (DIGIT(j))
                    j++;
            }
        }
        if (j < n && (AT(j) == 'k' || AT(j) == 'K') && !(j + 1 < n && letter(AT(j + 1))))
            j++; /* (?:[kK](?![^\W\d_]))?+ */
        PyObject *found = PyUnicode_Substring(text, i, j);
        if (found == NULL || PyList_Append(out, found) < 0) {
            Py_XDECREF(found);
            Py_DECREF(out);
            return NULL;
        }
        Py_DECREF(found);
        i = j;
    }
#undef DIGIT
#undef AT
    return out;
}

/* CRC-32 (zlib's: reflected, 0xEDB88320), by a table made at import. */
/* zeros(joined) -> set[str]
 *
 * `near_duplicate_sketch._numbers`' last step: ``set(_LEADING_ZEROS.sub("", joined).split("\n"))``,
 * _LEADING_ZEROS being ``0(?<![\d.]0)0*(?=\d)``: in each run of zeros that no digit or point
 * comes before, the zeros before a digit dropped (all of them when a digit other than 0
 * follows the run, all but its last when anything else or nothing does). `\d` is `re`'s
 * (`re_digit`). The pieces split at each newline, as `str.split("\n")`. */
static PyObject *native_zeros(PyObject *self, PyObject *arg)
{
    if (!PyUnicode_Check(arg)) {
        PyErr_SetString(PyExc_TypeError, "zeros: not a str");
        return NULL;
    }
    if (PyUnicode_READY(arg) < 0)
        return NULL;
    int kind = PyUnicode_KIND(arg);
    const void *data = PyUnicode_DATA(arg);
    Py_ssize_t n = PyUnicode_GET_LENGTH(arg);
    PyObject *out = PySet_New(NULL);
    if (out == NULL)
        return NULL;
    Py_UCS4 *buf = PyMem_New(Py_UCS4, n + 1);
    if (buf == NULL) {
        Py_DECREF(out);
        return PyErr_NoMemory();
    }
    Py_ssize_t start = 0;
    for (;;) {
        Py_ssize_t len = 0, i = start;
        while (i < n) {
            Py_UCS4 c = PyUnicode_READ(kind, data, i);
            if (c == '\n')
                break;
            if (c != '0') {
                buf[len++] = c;
                i++;
                continue;
            }
            /* a run of zeros, i its first (the character before it is no zero) */
            Py_ssize_t j = i;
            while (j < n && PyUnicode_READ(kind, data, j) == '0')
                j++;
            Py_UCS4 before = i > 0 ? PyUnicode_READ(kind, data, i - 1) : 0;
            if (i == 0 || !(re_digit(before) || before == '.')) {
                if (j < n && re_digit(PyUnicode_READ(kind, data, j)))
                    i = j; /* a digit follows: every zero dropped */
                else if (j - i >= 2)
                    i = j - 1; /* its last zero kept: the digit the others stood before */
            }
            for (; i < j; i++)
                buf[len++] = '0';
        }
        PyObject *piece = PyUnicode_FromKindAndData(PyUnicode_4BYTE_KIND, buf, len);
        if (piece == NULL || PySet_Add(out, piece) < 0) {
            Py_XDECREF(piece);
            PyMem_Free(buf);
            Py_DECREF(out);
            return NULL;
        }
        Py_DECREF(piece);
        if (i >= n)
            break;
        start = i + 1; /* past the newline */
    }
    PyMem_Free(buf);
    return out;
}

static uint32_t crc_table[256];

static void crc_init(void)
{
    for (uint32_t b = 0; b < 256; b++) {
        uint32_t c = b;
        for (int k = 0; k < 8; k++)
            c = c & 1 ? 0xEDB88320U ^ (c >> 1) : c >> 1;
        crc_table[b] = c;
    }
}

static uint32_t crc32_of(const unsigned char *p, Py_ssize_t len)
{
    uint32_t c = 0xFFFFFFFFU;
    for (Py_ssize_t i = 0; i < len; i++)
        c = crc_table[(c ^ p[i]) & 0xFF] ^ (c >> 8);
    return c ^ 0xFFFFFFFFU;
}

/* crcs(values) -> list[int]
 *
 * `near_duplicate_sketch._crcs`: ``zlib.crc32(v.encode())`` of each str of an iterable, in
 * its order (a lone surrogate raises UnicodeEncodeError, as ``encode`` does). */
static PyObject *native_crcs(PyObject *self, PyObject *values)
{
    PyObject *it = PyObject_GetIter(values);
    if (it == NULL)
        return NULL;
    PyObject *out = PyList_New(0), *v;
    if (out == NULL) {
        Py_DECREF(it);
        return NULL;
    }
    while ((v = PyIter_Next(it)) != NULL) {
        if (!PyUnicode_Check(v)) {
            PyErr_SetString(PyExc_TypeError, "crcs: a value is not a str");
            goto fail;
        }
        Py_ssize_t len;
        const char *raw = PyUnicode_AsUTF8AndSize(v, &len);
        if (raw == NULL)
            goto fail;
        PyObject *crc = PyLong_FromUnsignedLong(crc32_of((const unsigned char *)raw, len));
        if (crc == NULL || PyList_Append(out, crc) < 0) {
            Py_XDECREF(crc);
            goto fail;
        }
        Py_DECREF(crc);
        Py_DECREF(v);
    }
    Py_DECREF(it);
    if (PyErr_Occurred()) {
        Py_DECREF(out);
        return NULL;
    }
    return out;
fail:
    Py_DECREF(v);
    Py_DECREF(it);
    Py_DECREF(out);
    return NULL;
}

/* One line's `_FIELD` match (the line c[0:len], between two newlines), as `re` finds it:
 *   [ \t]*(?:[-*+][ \t]+)?([^:：*_\n`]{1,30}+)[:：][ \t]*([^\n]{1,60})(?=\n)
 * tried in `re`'s order (each greedy item from its longest, the optional group first, the
 * key possessive): 1 and the key's and value's spans when it matches. */
static inline int key_char(Py_UCS4 c)
{
    return c != ':' && c != 0xff1a && c != '*' && c != '_' && c != '\n' && c != '`';
}

static int field_key(int kind, const void *data, Py_ssize_t start, Py_ssize_t end,
                     Py_ssize_t p, Py_ssize_t *ks, Py_ssize_t *ke, Py_ssize_t *vs)
{
    Py_ssize_t q = p;
    while (q < end && q - p < 30 && key_char(PyUnicode_READ(kind, data, q)))
        q++;
    if (q == p || q >= end)
        return 0;
    Py_UCS4 c = PyUnicode_READ(kind, data, q);
    if (c != ':' && c != 0xff1a)
        return 0;
    Py_ssize_t u = q + 1;
    while (u < end && (PyUnicode_READ(kind, data, u) == ' '
                       || PyUnicode_READ(kind, data, u) == '\t'))
        u++;
    for (; u >= q + 1; u--) {
        Py_ssize_t rem = end - u;
        if (rem > 60)
            return 0; /* fewer blanks only make it longer */
        if (rem >= 1) {
            *ks = p;
            *ke = q;
            *vs = u;
            return 1;
        }
    }
    return 0;
}

static int field_line(int kind, const void *data, Py_ssize_t start, Py_ssize_t end,
                      Py_ssize_t *ks, Py_ssize_t *ke, Py_ssize_t *vs)
{
#define BLANK(i) (PyUnicode_READ(kind, data, (i)) == ' ' || PyUnicode_READ(kind, data, (i)) == '\t')
    Py_ssize_t top = start;
    while (top < end && BLANK(top))
        top++;
    for (Py_ssize_t s = top; s >= start; s--) {
        if (s < end) {
            Py_UCS4 c = PyUnicode_READ(kind, data, s);
            if (c == '-' || c == '*' || c == '+') {
                Py_ssize_t t = s + 1;
                while (t < end && BLANK(t))
                    t++;
                for (; t > s + 1; t--)
                    if (field_key(kind, data, start, end, t, ks, ke, vs))
                        return 1;
            }
        }
        if (field_key(kind, data, start, end, s, ks, ke, vs))
            return 1;
    }
#undef BLANK
    return 0;
}

/* fields(text, max_fields) -> list[int]
 *
 * `near_duplicate_sketch.fields` (its `_FIELD` lines, each key stripped and lowered, its
 * value's words, ``\w+`` of the value lowered; a key of more than four words, a value of
 * none or more than eight left out; `key crc << 32 | word crc`), the same list. */
static PyObject *native_fields(PyObject *self, PyObject *args)
{
    PyObject *text;
    Py_ssize_t max_fields;
    if (!PyArg_ParseTuple(args, "Un:fields", &text, &max_fields))
        return NULL;
    int kind = PyUnicode_KIND(text);
    const void *data = PyUnicode_DATA(text);
    Py_ssize_t n = PyUnicode_GET_LENGTH(text);
    PyObject *found = PyList_New(0), *out = NULL;
    if (found == NULL)
        return NULL;
    for (Py_ssize_t start = 0; start <= n;) {
        Py_ssize_t end = start;
        while (end < n && PyUnicode_READ(kind, data, end) != '\n')
            end++;
        Py_ssize_t ks, ke, vs;
        if (field_line(kind, data, start, end, &ks, &ke, &vs)) {
            PyObject *pair = Py_BuildValue("(NN)", PyUnicode_Substring(text, ks, ke),
                                           PyUnicode_Substring(text, vs, end));
            if (pair == NULL || PyList_Append(found, pair) < 0) {
                Py_XDECREF(pair);
                goto done;
            }
            Py_DECREF(pair);
        }
        start = end + 1;
    }
    out = PyList_New(0);
    if (out == NULL || PyList_GET_SIZE(found) < 2)
        goto done;
    for (Py_ssize_t f = 0; f < PyList_GET_SIZE(found); f++) {
        PyObject *pair = PyList_GET_ITEM(found, f);
        PyObject *stripped = PyObject_CallMethod(PyTuple_GET_ITEM(pair, 0), "strip", NULL);
        if (stripped == NULL)
            goto fail;
        PyObject *key = PyObject_CallMethod(stripped, "lower", NULL);
        Py_DECREF(stripped);
        if (key == NULL)
            goto fail;
        PyObject *value = PyObject_CallMethod(PyTuple_GET_ITEM(pair, 1), "lower", NULL);
        if (value == NULL) {
            Py_DECREF(key);
            goto fail;
        }
        /* the value's words: \w+ */
        int vk = PyUnicode_KIND(value);
        const void *vd = PyUnicode_DATA(value);
        Py_ssize_t vn = PyUnicode_GET_LENGTH(value), words = 0;
        for (Py_ssize_t i = 0; i < vn;) {
            if (!re_word(PyUnicode_READ(vk, vd, i))) {
                i++;
                continue;
            }
            words++;
            while (i < vn && re_word(PyUnicode_READ(vk, vd, i)))
                i++;
        }
        int keep = PyUnicode_GET_LENGTH(key) > 0 && words > 0 && words <= 8;
        if (keep) {
            PyObject *parts = PyObject_CallMethod(key, "split", NULL);
            if (parts == NULL) {
                Py_DECREF(key);
                Py_DECREF(value);
                goto fail;
            }
            keep = PyList_GET_SIZE(parts) <= 4;
            Py_DECREF(parts);
        }
        if (keep) {
            Py_ssize_t len;
            const char *raw = PyUnicode_AsUTF8AndSize(key, &len);
            if (raw == NULL) {
                Py_DECREF(key);
                Py_DECREF(value);
                goto fail;
            }
            uint64_t k = (uint64_t)(crc32_of((const unsigned char *)raw, len) & 0x7FFFFFFFU)
                         << 32;
            for (Py_ssize_t i = 0; i < vn;) {
                if (!re_word(PyUnicode_READ(vk, vd, i))) {
                    i++;
                    continue;
                }
                Py_ssize_t j = i;
                while (j < vn && re_word(PyUnicode_READ(vk, vd, j)))
                    j++;
                PyObject *word = PyUnicode_Substring(value, i, j);
                const char *wr = word ? PyUnicode_AsUTF8AndSize(word, &len) : NULL;
                PyObject *v = wr ? PyLong_FromUnsignedLongLong(
                    k | crc32_of((const unsigned char *)wr, len)) : NULL;
                Py_XDECREF(word);
                if (v == NULL || PyList_Append(out, v) < 0) {
                    Py_XDECREF(v);
                    Py_DECREF(key);
                    Py_DECREF(value);
                    goto fail;
                }
                Py_DECREF(v);
                i = j;
            }
        }
        Py_DECREF(key);
        Py_DECREF(value);
        if (PyList_GET_SIZE(out) >= max_fields)
            break;
    }
    if (PyList_GET_SIZE(out) > max_fields && max_fields >= 0
        && PyList_SetSlice(out, max_fields, PyList_GET_SIZE(out), NULL) < 0)
        goto fail;
    goto done;
fail:
    Py_CLEAR(out);
done:
    Py_DECREF(found);
    return out;
}

/* labels(text) -> str
 *
 * `near_duplicate_sketch._LABEL.sub("\n", "\n" + text)`: each line's opening bold label,
 *   \n[ \t>*+-]*(?:\*\*|__)[^*_\n]{1,40}(?:\*\*|__)
 * (its marks from the longest run down, as `re` tries them; the label's text all its run:
 * a shorter one is followed by neither mark), left out with what precedes it on its line. */
static PyObject *native_labels(PyObject *self, PyObject *args)
{
    PyObject *text;
    if (!PyArg_ParseTuple(args, "U:labels", &text))
        return NULL;
    int kind = PyUnicode_KIND(text);
    const void *data = PyUnicode_DATA(text);
    Py_ssize_t n = PyUnicode_GET_LENGTH(text);
    PyObject *parts = PyList_New(0), *nl = PyUnicode_FromString("\n"), *out = NULL;
    if (parts == NULL || nl == NULL)
        goto done;
#define AT(i) PyUnicode_READ(kind, data, (i))
#define PAIR(i, e) ((i) + 1 < (e) && ((AT(i) == '*' && AT((i) + 1) == '*') \
                                      || (AT(i) == '_' && AT((i) + 1) == '_')))
    Py_ssize_t kept = 0; /* text[kept:] not yet in parts */
    for (Py_ssize_t a = 0; a <= n;) {
        Py_ssize_t e = a;
        while (e < n && AT(e) != '\n')
            e++;
        Py_ssize_t top = a;
        while (top < e) {
            Py_UCS4 c = AT(top);
            if (!(c == ' ' || c == '\t' || c == '>' || c == '*' || c == '+' || c == '-'))
                break;
            top++;
        }
        for (Py_ssize_t m = top; m >= a; m--) {
            if (!PAIR(m, e))
                continue;
            Py_ssize_t r = m + 2;
            while (r < e && AT(r) != '*' && AT(r) != '_')
                r++;
            if (r - (m + 2) < 1 || r - (m + 2) > 40 || !PAIR(r, e))
                continue;
            /* text[a:r + 2] left out (the newline before it kept) */
            PyObject *piece = PyUnicode_Substring(text, kept, a);
            if (piece == NULL || PyList_Append(parts, piece) < 0) {
                Py_XDECREF(piece);
                goto done;
            }
            Py_DECREF(piece);
            kept = r + 2;
            break;
        }
        a = e + 1;
    }
#undef PAIR
#undef AT
    {
        PyObject *piece = PyUnicode_Substring(text, kept, n);
        if (piece == NULL || PyList_Append(parts, piece) < 0) {
            Py_XDECREF(piece);
            goto done;
        }
        Py_DECREF(piece);
    }
    {
        PyObject *empty = PyUnicode_New(0, 0);
        PyObject *joined = empty ? PyUnicode_Join(empty, parts) : NULL;
        Py_XDECREF(empty);
        if (joined != NULL) {
            out = PyUnicode_Concat(nl, joined);
            Py_DECREF(joined);
        }
    }
done:
    Py_XDECREF(parts);
    Py_XDECREF(nl);
    return out;
}

/* pack(sketch) -> bytes
 *
 * `near_duplicate_store.pack`'s bytes for a whole sketch (bytes of 8-byte values, at
 * least one): the count h of the values before the first whose high half is not zero (4
 * bytes, little-endian), their low halves, then the sketch from value h on. */
static PyObject *native_pack(PyObject *self, PyObject *sk)
{
    if (!PyBytes_CheckExact(sk) || PyBytes_GET_SIZE(sk) == 0 || PyBytes_GET_SIZE(sk) % 8
        || PyBytes_GET_SIZE(sk) / 8 > (Py_ssize_t)UINT32_MAX) {
        PyErr_SetString(PyExc_ValueError, "pack: not a whole sketch's bytes");
        return NULL;
    }
    const unsigned char *p = (const unsigned char *)PyBytes_AS_STRING(sk);
    Py_ssize_t n = PyBytes_GET_SIZE(sk) / 8, h = 0;
    while (h < n) {
        uint32_t high;
        memcpy(&high, p + 8 * h + 4, 4);
        if (high)
            break;
        h++;
    }
    PyObject *out = PyBytes_FromStringAndSize(NULL, 4 + 4 * h + 8 * (n - h));
    if (out == NULL)
        return NULL;
    unsigned char *o = (unsigned char *)PyBytes_AS_STRING(out);
    uint32_t count = (uint32_t)h;
    for (int i = 0; i < 4; i++)
        o[i] = (unsigned char)(count >> (8 * i));
    for (Py_ssize_t i = 0; i < h; i++)
        memcpy(o + 4 + 4 * i, p + 8 * i, 4);
    memcpy(o + 4 + 4 * h, p + 8 * h, (size_t)(8 * (n - h)));
    return out;
}

/* unpack(packed) -> bytes
 *
 * `near_duplicate_store.unpack`'s bytes for a `Packed` sketch's bytes: its first h values
 * (the 4-byte count) widened back to 8 bytes, then the rest as held. ValueError: a count
 * past its bytes (the Python step's then). */
static PyObject *native_unpack(PyObject *self, PyObject *sk)
{
    if (!PyBytes_Check(sk) || PyBytes_GET_SIZE(sk) < 4) {
        PyErr_SetString(PyExc_ValueError, "unpack: not a packed sketch's bytes");
        return NULL;
    }
    const unsigned char *p = (const unsigned char *)PyBytes_AS_STRING(sk);
    Py_ssize_t len = PyBytes_GET_SIZE(sk);
    uint32_t h = (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16
                 | (uint32_t)p[3] << 24;
    if ((Py_ssize_t)h > (len - 4) / 4) {
        PyErr_SetString(PyExc_ValueError, "unpack: a count past the bytes");
        return NULL;
    }
    Py_ssize_t cut = 4 + 4 * (Py_ssize_t)h;
    PyObject *out = PyBytes_FromStringAndSize(NULL, 8 * (Py_ssize_t)h + (len - cut));
    if (out == NULL)
        return NULL;
    unsigned char *o = (unsigned char *)PyBytes_AS_STRING(out);
    for (Py_ssize_t i = 0; i < (Py_ssize_t)h; i++) {
        uint32_t low, zero = 0;
        memcpy(&low, p + 4 + 4 * i, 4);
        memcpy(o + 8 * i, &low, 4);
        memcpy(o + 8 * i + 4, &zero, 4);
    }
    memcpy(o + 8 * (Py_ssize_t)h, p + cut, (size_t)(len - cut));
    return out;
}

/* anchors(text, table): the distinct characters of ``text`` whose code point's bit is set in
 * ``table`` (bit ``c & 7`` of byte ``c >> 3``; a code point past the table's end is not one),
 * as a set of one-character strings: exactly ``set(re.findall("[" + chars + "]", text))``
 * for the characters ``chars`` the table holds (memtui.core.scanner.anchored, issue 35: the
 * character class was a tenth of a cold audit's scan).  The distinct ones are remembered in
 * a short array (past it, the set itself tells a repeat). */
#define ANCHORS_SEEN 64
static PyObject *native_anchors(PyObject *self, PyObject *args)
{
    PyObject *text;
    Py_buffer table;
    if (!PyArg_ParseTuple(args, "Uy*:anchors", &text, &table))
        return NULL;
    PyObject *out = PySet_New(NULL);
    if (out == NULL) {
        PyBuffer_Release(&table);
        return NULL;
    }
    const unsigned char *bits = (const unsigned char *)table.buf;
    Py_UCS4 limit = table.len > (Py_ssize_t)(0x110000 / 8) ? (Py_UCS4)0x110000
                                                            : (Py_UCS4)table.len * 8;
    int kind = PyUnicode_KIND(text);
    const void *data = PyUnicode_DATA(text);
    Py_ssize_t n = PyUnicode_GET_LENGTH(text);
    Py_UCS4 seen[ANCHORS_SEEN];
    int nseen = 0;
    for (Py_ssize_t i = 0; i < n; i++) {
        Py_UCS4 c = PyUnicode_READ(kind, data, i);
        if (c >= limit || !(bits[c >> 3] & (1u << (c & 7))))
            continue;
        int known = 0;
        for (int j = 0; j < nseen; j++) {
            if (seen[j] == c) {
                known = 1;
                break;
            }
        }
        if (known)
            continue;
        if (nseen < ANCHORS_SEEN)
            seen[nseen++] = c;
        PyObject *ch = PyUnicode_FromOrdinal((int)c);
        if (ch == NULL || PySet_Add(out, ch) < 0) {
            Py_XDECREF(ch);
            Py_DECREF(out);
            PyBuffer_Release(&table);
            return NULL;
        }
        Py_DECREF(ch);
    }
    PyBuffer_Release(&table);
    return out;
}

/* ---- ASCII keywords (memtui.core.scanner.keywords): an Aho–Corasick trie over the
 * lower-case ASCII keywords, walked over a text's ASCII characters lowered (A–Z to a–z) and
 * 'i' for U+0130, 'k' for U+212A (the only characters outside ASCII whose lower case holds
 * an ASCII letter), every other character skipped: exactly the characters pyahocorasick is
 * given in the Python step (``text.lower().encode("ascii", "ignore")``). ---- */

/* States no deeper than this have a whole row of moves (the failures followed ahead):
 * most of a text's characters are read in those; deeper ones look among their children. */
#define TRIE_DENSE_DEPTH 3

typedef struct {
    Py_ssize_t nstates, nwords, nrows;
    int32_t *first, *sibling, *fail, *word, *out, *depth;
    int32_t *row;   /* each state's row of `dense`, -1: none (deeper than TRIE_DENSE_DEPTH) */
    int32_t *dense; /* nrows × nclass next states, by the character's class */
    unsigned char *ch;
    unsigned char cls[128]; /* each ASCII character's class (0: in no word) */
    int nclass;
    PyObject *words; /* the tuple of words, each reported as itself */
} ascii_trie;

#define ASCII_TRIE "memtui_native.ascii_trie"

static void ascii_trie_free(ascii_trie *t)
{
    if (t == NULL)
        return;
    PyMem_Free(t->first);
    PyMem_Free(t->sibling);
    PyMem_Free(t->fail);
    PyMem_Free(t->word);
    PyMem_Free(t->out);
    PyMem_Free(t->depth);
    PyMem_Free(t->row);
    PyMem_Free(t->dense);
    PyMem_Free(t->ch);
    Py_XDECREF(t->words);
    PyMem_Free(t);
}

static void ascii_trie_destroy(PyObject *capsule)
{
    ascii_trie_free((ascii_trie *)PyCapsule_GetPointer(capsule, ASCII_TRIE));
}

static inline int32_t trie_child(const ascii_trie *t, int32_t s, unsigned char c)
{
    for (int32_t k = t->first[s]; k >= 0; k = t->sibling[k])
        if (t->ch[k] == c)
            return k;
    return -1;
}

/* ascii_matcher(words) -> a capsule of the trie over ``words`` (a tuple of ASCII str; an
 * empty word is never found, as pyahocorasick's ``add_word("")`` adds none). */
static PyObject *native_ascii_matcher(PyObject *self, PyObject *words)
{
    if (!PyTuple_Check(words)) {
        PyErr_SetString(PyExc_TypeError, "ascii_matcher: a tuple of str");
        return NULL;
    }
    Py_ssize_t nw = PyTuple_GET_SIZE(words), cap = 1;
    for (Py_ssize_t i = 0; i < nw; i++) {
        PyObject *w = PyTuple_GET_ITEM(words, i);
        if (!PyUnicode_Check(w) || !PyUnicode_IS_ASCII(w)) {
            PyErr_SetString(PyExc_ValueError, "ascii_matcher: every word ASCII str");
            return NULL;
        }
        cap += PyUnicode_GET_LENGTH(w);
    }
    if (cap > INT32_MAX / 2) {
        PyErr_SetString(PyExc_ValueError, "ascii_matcher: too many characters");
        return NULL;
    }
    ascii_trie *t = PyMem_Calloc(1, sizeof(ascii_trie));
    if (t == NULL)
        return PyErr_NoMemory();
    t->first = PyMem_Malloc(cap * sizeof(int32_t));
    t->sibling = PyMem_Malloc(cap * sizeof(int32_t));
    t->fail = PyMem_Malloc(cap * sizeof(int32_t));
    t->word = PyMem_Malloc(cap * sizeof(int32_t));
    t->out = PyMem_Malloc(cap * sizeof(int32_t));
    t->depth = PyMem_Malloc(cap * sizeof(int32_t));
    t->row = PyMem_Malloc(cap * sizeof(int32_t));
    t->ch = PyMem_Malloc(cap);
    if (!t->first || !t->sibling || !t->fail || !t->word || !t->out || !t->ch || !t->depth ||
            !t->row) {
        ascii_trie_free(t);
        return PyErr_NoMemory();
    }
    Py_INCREF(words);
    t->words = words;
    t->nwords = nw;
    t->nstates = 1;
    t->first[0] = t->sibling[0] = -1;
    t->word[0] = -1;
    t->ch[0] = 0;
    t->depth[0] = 0;
    t->nclass = 1;
    for (Py_ssize_t i = 0; i < nw; i++) {
        PyObject *w = PyTuple_GET_ITEM(words, i);
        const unsigned char *p = PyUnicode_1BYTE_DATA(w);
        Py_ssize_t n = PyUnicode_GET_LENGTH(w);
        if (n == 0)
            continue;
        int32_t s = 0;
        for (Py_ssize_t j = 0; j < n; j++) {
            int32_t k = trie_child(t, s, p[j]);
            if (k < 0) {
                k = (int32_t)t->nstates++;
                t->ch[k] = p[j];
                if (t->cls[p[j]] == 0)
                    t->cls[p[j]] = (unsigned char)t->nclass++;
                t->first[k] = -1;
                t->word[k] = -1;
                t->depth[k] = t->depth[s] + 1;
                t->sibling[k] = t->first[s];
                t->first[s] = k;
            }
            s = k;
        }
        if (t->word[s] < 0)
            t->word[s] = (int32_t)i;
    }
    Py_ssize_t nrows = 0;
    for (Py_ssize_t k = 0; k < t->nstates; k++)
        t->row[k] = t->depth[k] <= TRIE_DENSE_DEPTH ? (int32_t)nrows++ : -1;
    t->nrows = nrows;
    t->dense = PyMem_Calloc(nrows * t->nclass, sizeof(int32_t));
    if (t->dense == NULL) {
        ascii_trie_free(t);
        return PyErr_NoMemory();
    }
    unsigned char of_class[129];
    for (int c = 0; c < 128; c++)
        if (t->cls[c])
            of_class[t->cls[c]] = (unsigned char)c;
    /* breadth first: each state's failure (the longest proper suffix in the trie) and its
     * output link (the nearest state down the failures that ends a word; -1: none) */
    int32_t *queue = PyMem_Malloc(t->nstates * sizeof(int32_t));
    if (queue == NULL) {
        ascii_trie_free(t);
        return PyErr_NoMemory();
    }
    Py_ssize_t head = 0, tail = 0;
    t->fail[0] = 0;
    t->out[0] = -1;
    queue[tail++] = 0;
    while (head < tail) {
        int32_t s = queue[head++];
        for (int32_t k = t->first[s]; k >= 0; k = t->sibling[k]) {
            if (s == 0) {
                t->fail[k] = 0;
            } else {
                /* the failure's move on this character: its parent's failure is shallower,
                 * so its failures are set (and its row, where it has one) */
                unsigned char c = t->ch[k];
                int32_t f = t->fail[s], g;
                for (;;) {
                    if (t->row[f] >= 0) {
                        g = t->dense[t->row[f] * t->nclass + t->cls[c]];
                        break;
                    }
                    g = trie_child(t, f, c);
                    if (g >= 0)
                        break;
                    f = t->fail[f];
                }
                t->fail[k] = g;
            }
            t->out[k] = t->word[t->fail[k]] >= 0 ? t->fail[k] : t->out[t->fail[k]];
            queue[tail++] = k;
        }
        int32_t r = t->row[s];
        if (r >= 0) {  /* its row: a child, else the failure's move (its row is made) */
            int32_t *dst = t->dense + (Py_ssize_t)r * t->nclass;
            for (int k = 1; k < t->nclass; k++) {
                int32_t g = trie_child(t, s, of_class[k]);
                dst[k] = g >= 0 ? g : s == 0 ? 0 : t->dense[t->row[t->fail[s]] * t->nclass + k];
            }
        }
    }
    PyMem_Free(queue);
    PyObject *capsule = PyCapsule_New(t, ASCII_TRIE, ascii_trie_destroy);
    if (capsule == NULL)
        ascii_trie_free(t);
    return capsule;
}

static inline int32_t trie_step(const ascii_trie *t, int32_t s, unsigned char c)
{
    unsigned char k = t->cls[c];
    if (k == 0)
        return 0; /* a character of no word: nothing ends or goes on through it */
    for (;;) {
        int32_t r = t->row[s];
        if (r >= 0)
            return t->dense[(Py_ssize_t)r * t->nclass + k];
        int32_t g = trie_child(t, s, c);
        if (g >= 0)
            return g;
        s = t->fail[s];
    }
}

/* ascii_words(matcher, text) -> the set of the matcher's words that occur in text's ASCII
 * characters lowered (see above). */
static PyObject *native_ascii_words(PyObject *self, PyObject *args)
{
    PyObject *capsule, *text;
    if (!PyArg_ParseTuple(args, "OU:ascii_words", &capsule, &text))
        return NULL;
    ascii_trie *t = (ascii_trie *)PyCapsule_GetPointer(capsule, ASCII_TRIE);
    if (t == NULL)
        return NULL;
    unsigned char *seen = PyMem_Calloc(t->nwords + 1, 1);
    if (seen == NULL)
        return PyErr_NoMemory();
    int kind = PyUnicode_KIND(text);
    const void *data = PyUnicode_DATA(text);
    Py_ssize_t n = PyUnicode_GET_LENGTH(text), found = 0;
    int32_t s = 0;
    /* (one loop for each width of string: no switch on the width at each character) */
#define ASCII_WORDS_LOOP(TYPE)                                                            \
    do {                                                                                  \
        const TYPE *p = (const TYPE *)data;                                               \
        for (Py_ssize_t i = 0; i < n; i++) {                                              \
            Py_UCS4 c = p[i];                                                             \
            unsigned char a;                                                              \
            if (c < 128)                                                                  \
                a = (c >= 'A' && c <= 'Z') ? (unsigned char)(c + 32) : (unsigned char)c;  \
            else if (c == 0x130)                                                          \
                a = 'i';                                                                  \
            else if (c == 0x212A)                                                         \
                a = 'k';                                                                  \
            else                                                                          \
                continue;                                                                 \
            s = trie_step(t, s, a);                                                       \
            for (int32_t o = t->word[s] >= 0 ? s : t->out[s]; o >= 0; o = t->out[o]) {   \
                int32_t w = t->word[o];                                                   \
                if (seen[w])                                                              \
                    break; /* marked before: so was every word further down its links */ \
                seen[w] = 1;                                                              \
                found++;                                                                  \
            }                                                                             \
        }                                                                                 \
    } while (0)
    if (kind == PyUnicode_1BYTE_KIND)
        ASCII_WORDS_LOOP(Py_UCS1);
    else if (kind == PyUnicode_2BYTE_KIND)
        ASCII_WORDS_LOOP(Py_UCS2);
    else
        ASCII_WORDS_LOOP(Py_UCS4);
#undef ASCII_WORDS_LOOP
    PyObject *out = PySet_New(NULL);
    for (Py_ssize_t w = 0; out != NULL && found > 0 && w < t->nwords; w++) {
        if (seen[w] && PySet_Add(out, PyTuple_GET_ITEM(t->words, w)) < 0)
            Py_CLEAR(out);
    }
    PyMem_Free(seen);
    return out;
}

/* Each item of a list of int masked (its low 64 bits, two's complement, as ``&`` reads any
 * int, then `mask`) into a new buffer, *n its count; NULL with an exception set, or NULL
 * without one when an item is no int (the caller's Python step). */
static uint64_t *masked_ints(PyObject *list, uint64_t mask, Py_ssize_t *n)
{
    Py_ssize_t count = PyList_GET_SIZE(list);
    uint64_t *out = PyMem_Malloc((size_t)(count ? count : 1) * sizeof *out);
    if (out == NULL) {
        PyErr_NoMemory();
        return NULL;
    }
    for (Py_ssize_t i = 0; i < count; i++) {
        PyObject *v = PyList_GET_ITEM(list, i);
        if (!PyLong_CheckExact(v)) {
            PyMem_Free(out);
            return NULL;
        }
        unsigned long long u = PyLong_AsUnsignedLongLongMask(v);
        if (u == (unsigned long long)-1 && PyErr_Occurred()) {
            PyMem_Free(out);
            return NULL;
        }
        out[i] = (uint64_t)u & mask;
    }
    *n = count;
    return out;
}

static int cmp_u64(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return (x > y) - (x < y);
}

static Py_ssize_t sorted_set_u64(uint64_t *v, Py_ssize_t n)
{
    qsort(v, (size_t)n, sizeof *v, cmp_u64);
    Py_ssize_t m = 0;
    for (Py_ssize_t i = 0; i < n; i++)
        if (m == 0 || v[i] != v[m - 1])
            v[m++] = v[i];
    return m;
}

/* plain_facts(numbers, spelled, mask, word_bit, max_facts) -> list[int] | None
 *
 * `near_duplicate_sketch.facts` of a text holding no code span, web address, handle nor
 * quote (its facts its numbers' alone): ``plain = {n & mask for n in numbers}``, then each
 * ``s & mask`` of ``spelled`` not in plain with ``word_bit`` set, ``sorted(...)[:max]``.
 * None when an item is no int (the Python step). */
static PyObject *native_plain_facts(PyObject *self, PyObject *args)
{
    PyObject *numbers, *spelled;
    unsigned long long mask, word_bit;
    Py_ssize_t max_facts;
    if (!PyArg_ParseTuple(args, "O!O!KKn:plain_facts", &PyList_Type, &numbers, &PyList_Type,
                          &spelled, &mask, &word_bit, &max_facts))
        return NULL;
    Py_ssize_t np, ns;
    uint64_t *p = masked_ints(numbers, mask, &np);
    if (p == NULL) {
        if (PyErr_Occurred())
            return NULL;
        Py_RETURN_NONE;
    }
    uint64_t *w = masked_ints(spelled, mask, &ns);
    if (w == NULL) {
        PyMem_Free(p);
        if (PyErr_Occurred())
            return NULL;
        Py_RETURN_NONE;
    }
    np = sorted_set_u64(p, np);
    ns = sorted_set_u64(w, ns);
    uint64_t *all = PyMem_Malloc((size_t)(np + ns + 1) * sizeof *all);
    PyObject *out = NULL;
    if (all == NULL) {
        PyErr_NoMemory();
        goto done;
    }
    Py_ssize_t m = 0, a = 0;
    for (Py_ssize_t i = 0; i < np; i++)
        all[m++] = p[i];
    for (Py_ssize_t i = 0; i < ns; i++) { /* those not plain already, marked */
        while (a < np && p[a] < w[i])
            a++;
        if (a < np && p[a] == w[i])
            continue;
        all[m++] = w[i] | (uint64_t)word_bit;
    }
    m = sorted_set_u64(all, m);
    if (max_facts < 0) /* (a slice's negative end: from the end) */
        max_facts = m + max_facts > 0 ? m + max_facts : 0;
    if (m > max_facts)
        m = max_facts;
    out = PyList_New(m);
    for (Py_ssize_t i = 0; out != NULL && i < m; i++) {
        PyObject *v = PyLong_FromUnsignedLongLong(all[i]);
        if (v == NULL)
            Py_CLEAR(out);
        else
            PyList_SET_ITEM(out, i, v);
    }
done:
    PyMem_Free(all);
    PyMem_Free(p);
    PyMem_Free(w);
    return out;
}

/* digits(found) -> set[str] | None
 *
 * `near_duplicate_sketch._numbers`' last steps for numbers written in ASCII digits alone
 * (no separator, no ``k``, no other script's digit: most texts'): each without its leading
 * zeros (``007`` is ``7``, ``000`` is ``0``), as ``set(_LEADING_ZEROS.sub("",
 * "\n".join(found)).split("\n"))`` gives them (`native_zeros`). None when a number is
 * written otherwise (the Python steps). */
static PyObject *native_digits(PyObject *self, PyObject *found)
{
    if (!PyList_Check(found)) {
        PyErr_SetString(PyExc_TypeError, "digits: a list of str");
        return NULL;
    }
    Py_ssize_t count = PyList_GET_SIZE(found);
    if (count == 0) /* (none: `_numbers` reads numerals then) */
        Py_RETURN_NONE;
    for (Py_ssize_t i = 0; i < count; i++) {
        PyObject *t = PyList_GET_ITEM(found, i);
        if (!PyUnicode_CheckExact(t) || !PyUnicode_IS_ASCII(t) || PyUnicode_GET_LENGTH(t) == 0)
            Py_RETURN_NONE;
        const Py_UCS1 *c = PyUnicode_1BYTE_DATA(t);
        for (Py_ssize_t j = 0, n = PyUnicode_GET_LENGTH(t); j < n; j++)
            if (c[j] < '0' || c[j] > '9')
                Py_RETURN_NONE;
    }
    PyObject *out = PySet_New(NULL);
    for (Py_ssize_t i = 0; out != NULL && i < count; i++) {
        PyObject *t = PyList_GET_ITEM(found, i);
        const Py_UCS1 *c = PyUnicode_1BYTE_DATA(t);
        Py_ssize_t n = PyUnicode_GET_LENGTH(t), z = 0;
        while (z < n - 1 && c[z] == '0')
            z++;
        PyObject *v = z ? PyUnicode_FromStringAndSize((const char *)c + z, n - z) : t;
        if (v == NULL) {
            Py_CLEAR(out);
            break;
        }
        if (z == 0)
            Py_INCREF(v);
        if (PySet_Add(out, v) < 0)
            Py_CLEAR(out);
        Py_DECREF(v);
    }
    return out;
}

/* holds(text, needles) -> int
 *
 * Bit i set when needles[i] (a tuple of at most 64 str) is in text: ``sum(1 << i for i,
 * s in enumerate(needles) if s in text)`` in one pass over text (each ``in`` of the
 * sketch's gates is a pass of its own: in a text dense in Chinese ~0.7 us for a needle of
 * two characters or more). A character whose low byte no needle's first character has is
 * passed over at one test (a table of the needles by that byte); the others are compared
 * with the needles not yet found that start with it. */
static PyObject *native_holds(PyObject *self, PyObject *args)
{
    PyObject *text, *needles;
    if (!PyArg_ParseTuple(args, "UO!:holds", &text, &PyTuple_Type, &needles))
        return NULL;
    Py_ssize_t count = PyTuple_GET_SIZE(needles);
    if (count > 64) {
        PyErr_SetString(PyExc_ValueError, "holds: at most 64 needles");
        return NULL;
    }
    int nk[64];
    const void *nd[64];
    Py_ssize_t nl[64];
    Py_UCS4 first[64];
    uint64_t by_byte[256], found = 0, left = 0;
    memset(by_byte, 0, sizeof by_byte);
    for (Py_ssize_t j = 0; j < count; j++) {
        PyObject *s = PyTuple_GET_ITEM(needles, j);
        if (!PyUnicode_Check(s)) {
            PyErr_SetString(PyExc_TypeError, "holds: needles are str");
            return NULL;
        }
        if (PyUnicode_READY(s) < 0)
            return NULL;
        nk[j] = PyUnicode_KIND(s);
        nd[j] = PyUnicode_DATA(s);
        nl[j] = PyUnicode_GET_LENGTH(s);
        if (nl[j] == 0) { /* "" is in every text */
            found |= (uint64_t)1 << j;
            continue;
        }
        first[j] = PyUnicode_READ(nk[j], nd[j], 0);
        by_byte[first[j] & 0xFF] |= (uint64_t)1 << j;
        left |= (uint64_t)1 << j;
    }
    int kind = PyUnicode_KIND(text);
    const void *data = PyUnicode_DATA(text);
    Py_ssize_t n = PyUnicode_GET_LENGTH(text);
#define HOLDS_SCAN(T)                                                                      \
    {                                                                                      \
        const T *p = (const T *)data;                                                      \
        for (Py_ssize_t i = 0; i < n && left; i++) {                                       \
            uint64_t maybe = by_byte[p[i] & 0xFF] & left;                                  \
            for (int j = 0; maybe; j++, maybe >>= 1) {                                     \
                if (!(maybe & 1) || first[j] != (Py_UCS4)p[i] || nl[j] > n - i)            \
                    continue;                                                              \
                Py_ssize_t k = 1;                                                          \
                while (k < nl[j] && PyUnicode_READ(nk[j], nd[j], k) == (Py_UCS4)p[i + k])   \
                    k++;                                                                   \
                if (k == nl[j]) {                                                          \
                    found |= (uint64_t)1 << j;                                             \
                    left &= ~((uint64_t)1 << j);                                           \
                }                                                                          \
            }                                                                              \
        }                                                                                  \
    }
    if (kind == PyUnicode_1BYTE_KIND)
        HOLDS_SCAN(Py_UCS1)
    else if (kind == PyUnicode_2BYTE_KIND)
        HOLDS_SCAN(Py_UCS2)
    else
        HOLDS_SCAN(Py_UCS4)
#undef HOLDS_SCAN
    return PyLong_FromUnsignedLongLong(found);
}

/* --- disguise, seed_line: the credential check's two looks before reading lines (issue 35) --
 *
 * disguise(text) -> bool: memtui.core.creds.as_seen.DISGUISE.search(text) is not None: a
 * default-ignorable character, a no-break space or a blank no line ends at, a full-width
 * letter, digit or token mark, a mathematical letter or digit, or a script's own colon
 * anywhere, or a Greek or Cyrillic letter (U+0370..U+04FF) beside an ASCII letter.
 * seed_line(text) -> bool: memtui.core.creds.mnemonic.SEED_LINE.search(text) is not None: a
 * line (split at "\n" alone) that is [ \t>]*, then 12 to 24 words of 3 to 8 letters a-z each
 * followed by exactly one space or tab but the last, then [ \t]*. Each is the pattern's one
 * pass over the text, compiled (re's was ~8 % / ~4 % of a cold audit at 10,000 memories). */

static inline int disguise_mark(Py_UCS4 c)
{
    if (c < 0xA0)
        return c == 0x85;
    switch (c) {
    case 0xA0: case 0xAD: case 0x34F: case 0x61C: case 0x115F: case 0x1160: case 0x17B4:
    case 0x17B5: case 0x2007: case 0x2028: case 0x2029: case 0x202F: case 0x3164:
    case 0xFEFF: case 0xFFA0: case 0x1365: case 0x1366: case 0x17D6: case 0x1804:
    case 0x2236: case 0xFE55: case 0xFF0B: case 0xFF0D: case 0xFF0F: case 0xFF1D:
    case 0xFF3F:
        return 1;
    }
    return (c >= 0x180B && c <= 0x180F) || (c >= 0x200B && c <= 0x200F) ||
           (c >= 0x202A && c <= 0x202E) || (c >= 0x2060 && c <= 0x2064) ||
           (c >= 0x2066 && c <= 0x2069) || (c >= 0xFE00 && c <= 0xFE0F) ||
           (c >= 0xFF10 && c <= 0xFF19) || (c >= 0xFF21 && c <= 0xFF3A) ||
           (c >= 0xFF41 && c <= 0xFF5A) || (c >= 0x1BCA0 && c <= 0x1BCA3) ||
           (c >= 0x1D400 && c <= 0x1D7FF) || (c >= 0xE0000 && c <= 0xE0FFF);
}

static inline int disguise_latin(Py_UCS4 c)
{
    return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z');
}

static PyObject *native_disguise(PyObject *self, PyObject *args)
{
    PyObject *text;
    if (!PyArg_ParseTuple(args, "U:disguise", &text))
        return NULL;
    int kind = PyUnicode_KIND(text);
    const void *data = PyUnicode_DATA(text);
    Py_ssize_t n = PyUnicode_GET_LENGTH(text);
    if (kind == PyUnicode_1BYTE_KIND) { /* no Greek nor Cyrillic: the marks alone */
        const Py_UCS1 *p = (const Py_UCS1 *)data;
        for (Py_ssize_t i = 0; i < n; i++)
            if (p[i] == 0xA0 || p[i] == 0xAD || p[i] == 0x85)
                Py_RETURN_TRUE;
        Py_RETURN_FALSE;
    }
    for (Py_ssize_t i = 0; i < n; i++) {
        Py_UCS4 c = PyUnicode_READ(kind, data, i);
        if (c < 0xA0 && c != 0x85)
            continue;
        if (c >= 0x370 && c <= 0x4FF) {
            if ((i > 0 && disguise_latin(PyUnicode_READ(kind, data, i - 1))) ||
                (i + 1 < n && disguise_latin(PyUnicode_READ(kind, data, i + 1))))
                Py_RETURN_TRUE;
        } else if (disguise_mark(c)) {
            Py_RETURN_TRUE;
        }
    }
    Py_RETURN_FALSE;
}

static PyObject *native_seed_line(PyObject *self, PyObject *args)
{
    PyObject *text;
    if (!PyArg_ParseTuple(args, "U:seed_line", &text))
        return NULL;
    int kind = PyUnicode_KIND(text);
    const void *data = PyUnicode_DATA(text);
    Py_ssize_t n = PyUnicode_GET_LENGTH(text);
    Py_ssize_t i = 0;
    while (i <= n) { /* one line a turn, from i */
        Py_ssize_t words = 0, ok = 1;
        Py_UCS4 c = 0;
        while (i < n && ((c = PyUnicode_READ(kind, data, i)) == ' ' || c == '\t' || c == '>'))
            i++;
        for (;;) { /* a word, then one space or tab, or the line's end */
            Py_ssize_t start = i;
            while (i < n && (c = PyUnicode_READ(kind, data, i)) >= 'a' && c <= 'z')
                i++;
            if (i - start < 3 || i - start > 8) {
                ok = 0;
                break;
            }
            words++;
            if (i == n || (c = PyUnicode_READ(kind, data, i)) == '\n')
                break;
            if (c != ' ' && c != '\t') {
                ok = 0;
                break;
            }
            i++;
            if (i < n && (c = PyUnicode_READ(kind, data, i)) >= 'a' && c <= 'z')
                continue;
            while (i < n && ((c = PyUnicode_READ(kind, data, i)) == ' ' || c == '\t'))
                i++;
            if (i < n && c != '\n')
                ok = 0;
            break;
        }
        if (ok && words >= 12 && words <= 24)
            Py_RETURN_TRUE;
        while (i < n && PyUnicode_READ(kind, data, i) != '\n')
            i++;
        i++; /* past the "\n" (past n: done) */
    }
    Py_RETURN_FALSE;
}

/* shaped_token(text) -> bool: memtui.core.creds.detector._SHAPED_TOKEN.search(text) is not
 * None: a maximal run of the key characters [A-Za-z0-9_-+/=!@#$%^&*~.] (each one a character
 * the pattern's look-behind refuses, so a token starts a run) not right after a word
 * character (str.isalnum or "_") nor one of "\\,;:?", its leading "*" dropped, then 10 or
 * more characters starting with an ASCII letter or digit, holding a digit (or followed by
 * any script's decimal digit, as the pattern's \d reads), and a capital or 35 characters or
 * more. One pass (re's lookarounds at every character were a third of the
 * detector's time on a workspace of prose, session 39). */

static inline int shaped_char(Py_UCS4 c)
{
    if (c >= 0x80)
        return 0;
    if ((c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z') || (c >= '0' && c <= '9'))
        return 1;
    switch (c) {
    case '_': case '-': case '+': case '/': case '=': case '!': case '@': case '#':
    case '$': case '%': case '^': case '&': case '*': case '~': case '.':
        return 1;
    }
    return 0;
}

static PyObject *native_shaped_token(PyObject *self, PyObject *args)
{
    PyObject *text;
    if (!PyArg_ParseTuple(args, "U:shaped_token", &text))
        return NULL;
    int kind = PyUnicode_KIND(text);
    const void *data = PyUnicode_DATA(text);
    Py_ssize_t n = PyUnicode_GET_LENGTH(text);
    Py_ssize_t i = 0;
    while (i < n) {
        Py_UCS4 c = PyUnicode_READ(kind, data, i);
        if (!shaped_char(c)) {
            i++;
            continue;
        }
        Py_ssize_t start = i, end = i;
        while (end < n && shaped_char(PyUnicode_READ(kind, data, end)))
            end++;
        i = end;
        if (start > 0) {
            Py_UCS4 b = PyUnicode_READ(kind, data, start - 1);
            if (b == '_' || b == '\\' || b == ',' || b == ';' || b == ':' || b == '?' ||
                Py_UNICODE_ISALNUM(b))
                continue;
        }
        Py_ssize_t q = start;
        while (q < end && PyUnicode_READ(kind, data, q) == '*')
            q++;
        if (end - q < 10)
            continue;
        Py_UCS4 first = PyUnicode_READ(kind, data, q);
        if (!((first >= 'A' && first <= 'Z') || (first >= 'a' && first <= 'z') ||
              (first >= '0' && first <= '9')))
            continue;
        int digit = 0, upper = end - q >= 35;
        for (Py_ssize_t k = q; k < end && !(digit && upper); k++) {
            Py_UCS4 t = PyUnicode_READ(kind, data, k);
            if (t >= '0' && t <= '9')
                digit = 1;
            else if (t >= 'A' && t <= 'Z')
                upper = 1;
        }
        /* (the pattern's \\d is any script's decimal digit: one right after the run counts) */
        if (!digit && end < n && Py_UNICODE_ISDECIMAL(PyUnicode_READ(kind, data, end)))
            digit = 1;
        if (digit && upper)
            Py_RETURN_TRUE;
    }
    Py_RETURN_FALSE;
}

#ifdef MEMTUI_ZLIB
#include "git_chain.c"
#endif
/* --- vocab_ranks: the partial encoder's look-up of a vocabulary file (issue 35) ----------
 *
 * vocab_ranks(source, chunks, short, blob) -> dict[bytes, int] | None
 *
 * `source` is a tiktoken vocabulary file as packaged ("<base64 token> <rank>\n" a line) whose
 * ranks are its lines' order (memtui pins such files: memtui.core.counting.tokens); `chunks`
 * a list of bytes. The tokens, each with its line's number, that
 * memtui.core.counting.partial.Partial's Python look-up finds: a token of at most `short`
 * bytes that is a substring of a chunk, a longer one that occurs in `blob`. None when the
 * file is not canonical base64 in pairs of words (the caller's Python step then runs). */

#define VOCAB_SEEN_BITS ((uint64_t)1 << 20) /* the filter: 128 KiB, in a core's cache */
#define VOCAB_SEEN_BIT(h) (((h) >> 40) & (VOCAB_SEEN_BITS - 1))

static inline uint64_t vocab_hash(const unsigned char *p, Py_ssize_t n)
{
    uint64_t h = 1469598103934665603ULL; /* FNV-1a */
    for (Py_ssize_t i = 0; i < n; i++) {
        h ^= p[i];
        h *= 1099511628211ULL;
    }
    return h ^ (h >> 29);
}

static signed char b64_value[256];
static int b64_ready = 0;

static void b64_init(void)
{
    memset(b64_value, -1, sizeof b64_value);
    const char *alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    for (int i = 0; i < 64; i++)
        b64_value[(unsigned char)alphabet[i]] = (signed char)i;
    b64_ready = 1;
}

/* Canonical base64 of `n` characters decoded into `out` (room for n / 4 * 3): its length,
 * or -1 when it is not canonical (a length not a multiple of 4, a character outside the
 * alphabet, padding but at the end, bits set after the last byte). */
static Py_ssize_t b64_decode(const unsigned char *in, Py_ssize_t n, unsigned char *out)
{
    if (n == 0 || n % 4)
        return -1;
    Py_ssize_t pad = 0;
    if (in[n - 1] == '=') {
        pad = in[n - 2] == '=' ? 2 : 1;
    }
    Py_ssize_t o = 0;
    for (Py_ssize_t i = 0; i < n; i += 4) {
        int last = i + 4 == n;
        int v0 = b64_value[in[i]], v1 = b64_value[in[i + 1]];
        int v2 = (last && pad == 2) ? 0 : b64_value[in[i + 2]];
        int v3 = (last && pad >= 1) ? 0 : b64_value[in[i + 3]];
        if (v0 < 0 || v1 < 0 || v2 < 0 || v3 < 0)
            return -1;
        uint32_t w = ((uint32_t)v0 << 18) | ((uint32_t)v1 << 12) | ((uint32_t)v2 << 6) | (uint32_t)v3;
        out[o++] = (unsigned char)(w >> 16);
        if (last && pad == 2) {
            if (w & 0xffff)
                return -1;
            break;
        }
        out[o++] = (unsigned char)(w >> 8);
        if (last && pad == 1) {
            if (w & 0xff)
                return -1;
            break;
        }
        out[o++] = (unsigned char)w;
    }
    return o;
}

typedef struct {
    const unsigned char *p;
    uint32_t n;
} vocab_piece;

static PyObject *native_vocab_ranks(PyObject *self, PyObject *args)
{
    Py_buffer source, blob;
    PyObject *chunks;
    Py_ssize_t shortest;
    if (!PyArg_ParseTuple(args, "y*O!ny*:vocab_ranks", &source, &PyList_Type, &chunks,
                          &shortest, &blob))
        return NULL;
    if (shortest < 1) {
        PyErr_SetString(PyExc_ValueError, "vocab_ranks: short must be 1 or more");
        PyBuffer_Release(&source);
        PyBuffer_Release(&blob);
        return NULL;
    }
    if (!b64_ready)
        b64_init();
    PyObject *out = NULL;
    vocab_piece *table = NULL, *windows = NULL;
    unsigned char *seen = NULL; /* a bit for each substring's hash (its bits 40 up): a filter */
    unsigned char *buf = NULL;
    Py_ssize_t nchunks = PyList_GET_SIZE(chunks);
    /* the substrings of every chunk, at most `shortest` bytes, in a table at most half full */
    size_t count = 0;
    for (Py_ssize_t c = 0; c < nchunks; c++) {
        PyObject *item = PyList_GET_ITEM(chunks, c);
        if (!PyBytes_Check(item)) {
            PyErr_SetString(PyExc_TypeError, "vocab_ranks: chunks must be bytes");
            goto done;
        }
        Py_ssize_t m = PyBytes_GET_SIZE(item);
        Py_ssize_t s = shortest < m ? shortest : m;
        count += (size_t)(m * s);
    }
    size_t slots = 1024;
    while (slots < 2 * count + 2)
        slots <<= 1;
    size_t mask = slots - 1;
    table = PyMem_Calloc(slots, sizeof *table);
    seen = PyMem_Calloc(VOCAB_SEEN_BITS / 8, 1);
    if (table == NULL || seen == NULL) {
        PyErr_NoMemory();
        goto done;
    }
    for (Py_ssize_t c = 0; c < nchunks; c++) {
        PyObject *item = PyList_GET_ITEM(chunks, c);
        const unsigned char *b = (const unsigned char *)PyBytes_AS_STRING(item);
        Py_ssize_t m = PyBytes_GET_SIZE(item);
        for (Py_ssize_t i = 0; i < m; i++) {
            Py_ssize_t end = i + shortest < m ? i + shortest : m;
            for (Py_ssize_t j = i + 1; j <= end; j++) {
                uint32_t n = (uint32_t)(j - i);
                size_t at = (size_t)vocab_hash(b + i, n) & mask;
                while (table[at].p != NULL) {
                    if (table[at].n == n && memcmp(table[at].p, b + i, n) == 0)
                        break;
                    at = (at + 1) & mask;
                }
                if (table[at].p == NULL) {
                    table[at].p = b + i;
                    table[at].n = n;
                    uint64_t bit = VOCAB_SEEN_BIT(vocab_hash(b + i, n));
                    seen[bit >> 3] |= (unsigned char)(1u << (bit & 7));
                }
            }
        }
    }
    /* the blob's windows of `shortest` bytes: a longer token is searched for only when its
     * first `shortest` bytes are one (a prefilter: most long tokens are not in a text) */
    const unsigned char *hay = (const unsigned char *)blob.buf;
    Py_ssize_t haylen = blob.len;
    Py_ssize_t nwin = shortest > 0 && haylen >= shortest ? haylen - shortest + 1 : 0;
    size_t wslots = 1024;
    while (wslots < 2 * (size_t)nwin + 2)
        wslots <<= 1;
    size_t wmask = wslots - 1;
    windows = PyMem_Calloc(wslots, sizeof *windows);
    if (windows == NULL) {
        PyErr_NoMemory();
        goto done;
    }
    for (Py_ssize_t i = 0; i < nwin; i++) {
        size_t at = (size_t)vocab_hash(hay + i, shortest) & wmask;
        while (windows[at].p != NULL) {
            if (memcmp(windows[at].p, hay + i, (size_t)shortest) == 0)
                break;
            at = (at + 1) & wmask;
        }
        if (windows[at].p == NULL) {
            windows[at].p = hay + i;
            windows[at].n = (uint32_t)shortest;
        }
    }
    out = PyDict_New();
    if (out == NULL)
        goto done;
    const unsigned char *p = (const unsigned char *)source.buf;
    const unsigned char *end = p + source.len;
    Py_ssize_t room = 0;
    long rank = 0;
    for (;;) {
        while (p < end && Py_ISSPACE(*p))
            p++;
        if (p >= end)
            break;
        const unsigned char *key = p;
        while (p < end && !Py_ISSPACE(*p))
            p++;
        Py_ssize_t klen = p - key;
        while (p < end && Py_ISSPACE(*p))
            p++;
        if (p >= end)
            goto refuse; /* a token without its rank */
        while (p < end && !Py_ISSPACE(*p))
            p++;
        if (klen / 4 * 3 > room) {
            room = klen / 4 * 3 + 64;
            PyMem_Free(buf);
            buf = PyMem_Malloc((size_t)room);
            if (buf == NULL) {
                PyErr_NoMemory();
                goto fail;
            }
        }
        Py_ssize_t n = b64_decode(key, klen, buf);
        if (n < 0)
            goto refuse;
        int found = 0;
        if (n <= shortest) {
            uint64_t h = vocab_hash(buf, n);
            size_t at = (size_t)h & mask;
            uint64_t bit = VOCAB_SEEN_BIT(h);
            if (!(seen[bit >> 3] & (1u << (bit & 7))))
                at = mask + 1; /* surely not a substring: no probe (the table, megabytes) */
            while (at <= mask && table[at].p != NULL) {
                if (table[at].n == (uint32_t)n && memcmp(table[at].p, buf, (size_t)n) == 0) {
                    found = 1;
                    break;
                }
                at = (at + 1) & mask;
            }
        }
        else if (n <= haylen && shortest > 0) {
            size_t at = (size_t)vocab_hash(buf, shortest) & wmask;
            int window = 0;
            while (windows[at].p != NULL) {
                if (memcmp(windows[at].p, buf, (size_t)shortest) == 0) {
                    window = 1;
                    break;
                }
                at = (at + 1) & wmask;
            }
            /* memmem: not in every C library; a first-byte scan */
            const unsigned char *q = hay, *last = hay + haylen - n;
            while (window && q <= last) {
                q = memchr(q, buf[0], (size_t)(last - q + 1));
                if (q == NULL)
                    break;
                if (memcmp(q, buf, (size_t)n) == 0) {
                    found = 1;
                    break;
                }
                q++;
            }
        }
        if (found) {
            PyObject *k = PyBytes_FromStringAndSize((const char *)buf, n);
            PyObject *v = k ? PyLong_FromLong(rank) : NULL;
            if (v == NULL || PyDict_SetItem(out, k, v) < 0) {
                Py_XDECREF(k);
                Py_XDECREF(v);
                goto fail;
            }
            Py_DECREF(k);
            Py_DECREF(v);
        }
        rank++;
    }
    goto done;
refuse:
    Py_CLEAR(out);
    Py_INCREF(Py_None);
    out = Py_None;
    goto done;
fail:
    Py_CLEAR(out);
done:
    PyMem_Free(table);
    PyMem_Free(windows);
    PyMem_Free(seen);
    PyMem_Free(buf);
    PyBuffer_Release(&source);
    PyBuffer_Release(&blob);
    return out;
}

/* Whether c, followed by d, opens a match of line_anchors' leads (head, chain: the leads by
 * their low byte). */
static int anchor_hit(Py_UCS4 c, Py_UCS4 d, const int *head, const int *chain,
                      const Py_UCS4 *lead, PyObject *const *after)
{
    for (int j = head[c & 0xFF]; j >= 0; j = chain[j]) {
        if (lead[j] != c)
            continue;
        Py_ssize_t m = PyUnicode_GET_LENGTH(after[j]);
        if (m == 0)
            return 1;
        for (Py_ssize_t k = 0; k < m; k++)
            if (PyUnicode_READ_CHAR(after[j], k) == d)
                return 1;
    }
    return 0;
}

static int append_size(PyObject *list, Py_ssize_t value)
{
    PyObject *v = PyLong_FromSsize_t(value);
    if (v == NULL)
        return -1;
    int rc = PyList_Append(list, v);
    Py_DECREF(v);
    return rc;
}

/* line_anchors(text, leads, followers) -> the 0-based lines of text (ascending, each once)
 * holding leads[j] alone where followers[j] is "", else leads[j] followed by one of the
 * characters of followers[j]: exactly the lines relative_date._lines_of(text, _LINE_ANCHOR)
 * adds (a match is one or two characters, neither a newline), in one pass of a table test a
 * character (the pattern's search was ~0.1 s of a cold audit of 10,000 CJK memories that
 * held none, issue 35).  At most 64 leads. */
static PyObject *native_line_anchors(PyObject *self, PyObject *args)
{
    PyObject *text, *leads, *followers;
    if (!PyArg_ParseTuple(args, "UUO!:line_anchors", &text, &leads, &PyTuple_Type, &followers))
        return NULL;
    Py_ssize_t count = PyUnicode_GET_LENGTH(leads);
    if (count > 64 || PyTuple_GET_SIZE(followers) != count) {
        PyErr_SetString(PyExc_ValueError, "line_anchors: at most 64 leads, a follower string each");
        return NULL;
    }
    Py_UCS4 lead[64];
    PyObject *after[64];
    int head[256], chain[64]; /* the leads by their low byte: a list each */
    for (int b = 0; b < 256; b++)
        head[b] = -1;
    for (Py_ssize_t j = 0; j < count; j++) {
        after[j] = PyTuple_GET_ITEM(followers, j);
        if (!PyUnicode_Check(after[j])) {
            PyErr_SetString(PyExc_TypeError, "line_anchors: followers are str");
            return NULL;
        }
        lead[j] = PyUnicode_READ_CHAR(leads, j);
        chain[j] = head[lead[j] & 0xFF];
        head[lead[j] & 0xFF] = (int)j;
    }
    PyObject *out = PyList_New(0);
    if (out == NULL)
        return NULL;
    int kind = PyUnicode_KIND(text);
    const void *data = PyUnicode_DATA(text);
    Py_ssize_t n = PyUnicode_GET_LENGTH(text), line = 0;
    /* after the last character: a code point no follower is */
#define LINE_ANCHORS_SCAN(T)                                                               \
    {                                                                                      \
        const T *p = (const T *)data;                                                      \
        for (Py_ssize_t i = 0; i < n; i++) {                                               \
            Py_UCS4 c = p[i];                                                              \
            if (c == '\n') {                                                               \
                line++;                                                                    \
                continue;                                                                  \
            }                                                                              \
            if (head[c & 0xFF] < 0 ||                                                      \
                !anchor_hit(c, i + 1 < n ? (Py_UCS4)p[i + 1] : 0x110000, head, chain,      \
                            lead, after))                                                  \
                continue;                                                                  \
            if (append_size(out, line) < 0) {                                              \
                Py_DECREF(out);                                                            \
                return NULL;                                                               \
            }                                                                              \
            while (i + 1 < n && p[i + 1] != '\n')                                          \
                i++; /* the next line's newline is read next */                            \
        }                                                                                  \
    }
    if (kind == PyUnicode_1BYTE_KIND)
        LINE_ANCHORS_SCAN(Py_UCS1)
    else if (kind == PyUnicode_2BYTE_KIND)
        LINE_ANCHORS_SCAN(Py_UCS2)
    else
        LINE_ANCHORS_SCAN(Py_UCS4)
#undef LINE_ANCHORS_SCAN
    return out;
}

#include "claims.c"

static PyMethodDef methods[] = {
#ifdef MEMTUI_ZLIB
    {"git_chain", native_git_chain, METH_VARARGS,
     "git_chain(pack, index, start, max_commits, max_bytes, out) -> commits read "
     "(native/git_chain.c)"},
#endif
    {"unpack", native_unpack, METH_O, "unpack(packed) -> near_duplicate_store.unpack's bytes"},
    {"pack", native_pack, METH_O, "pack(sketch) -> near_duplicate_store.pack's bytes"},
    {"labels", native_labels, METH_VARARGS,
     "labels(text) -> _LABEL.sub('\\n', '\\n' + text)"},
    {"fields", native_fields, METH_VARARGS,
     "fields(text, max_fields) -> near_duplicate_sketch.fields(text)"},
    {"numbers", native_numbers, METH_VARARGS,
     "numbers(text, cjk) -> _NUMBER.findall(text) (cjk: _NUMBER_CJK's)"},
    {"crcs", native_crcs, METH_O, "crcs(values) -> [zlib.crc32(v.encode()) for v in values]"},
    {"candidates", native_candidates, METH_VARARGS,
     "candidates(sketches, packed_type, k, bands, rows, bucket_all, fact_bucket, word_bit, "
     "fact_mask) -> (each sketch's later candidates, where each starts), or None"},
    {"screen", native_screen, METH_VARARGS,
     "screen(xs, xfacts, x_word, x_dated, others, dated, packed_type, params) -> the "
     "candidates near_duplicate._matches must still judge, or None"},
    {"shared", native_shared, METH_VARARGS,
     "shared(xs, ys) -> len(set(xs) & set(ys)) of two integer buffers, or -1"},
    {"read", native_read, METH_VARARGS,
     "read(text, max_chars, max_cjk) -> (the part sketched, its CJK runs)"},
    {"stems", native_stems, METH_VARARGS,
     "stems(text, plain, stem) -> the first `stem` letters of each word of 3 or more"},
    {"words", native_words, METH_VARARGS,
     "words(text, plain, stem, indic) -> the stems lowered when none needs folding, or None"},
    {"hashes", native_hashes, METH_VARARGS,
     "hashes(crcs, units, mask) -> the set of shingle hashes"},
    {"zeros", native_zeros, METH_O,
     "zeros(joined) -> set(_LEADING_ZEROS.sub('', joined).split('\\n'))"},
    {"head", native_head, METH_VARARGS,
     "head(crcs, units, mask, k, bottom, min_shingles) -> bins, count, bottom hashes"},
    {"plain_facts", native_plain_facts, METH_VARARGS,
     "plain_facts(numbers, spelled, mask, word_bit, max_facts) -> near_duplicate_sketch.facts "
     "of a text holding no span, address, handle nor quote, or None"},
    {"digits", native_digits, METH_O,
     "digits(found) -> the numbers of ASCII digits alone without their leading zeros, or None"},
    {"disguise", native_disguise, METH_VARARGS,
     "disguise(text) -> as_seen.DISGUISE.search(text) is not None"},
    {"line_anchors", native_line_anchors, METH_VARARGS,
     "line_anchors(text, leads, followers) -> the lines relative_date._lines_of finds "
     "with _LINE_ANCHOR"},
    {"seed_line", native_seed_line, METH_VARARGS,
     "seed_line(text) -> mnemonic.SEED_LINE.search(text) is not None"},
    {"shaped_token", native_shaped_token, METH_VARARGS,
     "shaped_token(text) -> detector._SHAPED_TOKEN.search(text) is not None"},
    {"holds", native_holds, METH_VARARGS,
     "holds(text, needles) -> an int whose bit i says needles[i] in text"},
    {"vocab_ranks", native_vocab_ranks, METH_VARARGS,
     "vocab_ranks(source, chunks, short, blob) -> the tokens of a vocabulary file (ranks its "
     "lines' order) the partial encoder takes for chunks, by rank, or None"},
    {"ascii_matcher", native_ascii_matcher, METH_O,
     "ascii_matcher(words) -> a trie of the ASCII words for ascii_words"},
    {"ascii_words", native_ascii_words, METH_VARARGS,
     "ascii_words(matcher, text) -> the words in text's ASCII characters lowered"},
    {"claims", native_claims, METH_VARARGS,
     "claims(text, most, longest, words, shortest, fewest_bytes) -> contradiction.claims_py's "
     "string (native/claims.c)"},
    {"held_twice", native_held_twice, METH_O,
     "held_twice(blobs) -> the (blob, line) of each claim whose digest another line holds, "
     "flat, or None (native/claims.c)"},
    {"anchors", native_anchors, METH_VARARGS,
     "anchors(text, table) -> the set of text's characters whose bit the table sets"},
    {NULL, NULL, 0, NULL},
};

static struct PyModuleDef module = {
    PyModuleDef_HEAD_INIT, "memtui_native",
    "near_duplicate's per-text loops, compiled (optional; see "
    "memtui.core.checks.near_duplicate_kernel).",
    -1, methods, NULL, NULL, NULL, NULL,
};

PyMODINIT_FUNC PyInit_memtui_native(void)
{
    crc_init();
    PyObject *m = PyModule_Create(&module);
    if (m != NULL && (PyModule_AddIntConstant(m, "KERNEL", KERNEL) < 0
                      || PyModule_AddIntConstant(m, "CLAIMS", CLAIMS) < 0)) {
        Py_DECREF(m);
        return NULL;
    }
    return m;
}
