/*
 * aqcast-x264: H.264 encoding of frames that change only in places.
 *
 * The render engine knows which rectangles of each frame it redrew. It sends only
 * those rectangles (already BT.709 limited-range I420) on stdin; this program keeps
 * the whole frame, applies them, and tells libx264 which macroblocks no rectangle
 * touched (X264_MBINFO_CONSTANT). x264 then codes those as skips without analysing
 * them, so a mostly still frame costs a fraction of a full one. The Annex B stream
 * goes to stdout, for ffmpeg to mux into MP4 without re-encoding.
 *
 * Usage: aqcast-x264 WIDTH HEIGHT FPS PRESET TUNE qp|crf VALUE [x264 key=value:...]
 *   TUNE may be "none"; qp is a constant quantiser, crf x264's constant rate factor;
 *   the options string is what ffmpeg's -x264-params takes.
 *   `aqcast-x264 --check` opens an encoder and exits 0 if libx264 works here.
 *
 * Input, per frame, little-endian:
 *   u32 magic 0x31464141 ("AAF1"), u32 rectangle count N,
 *   then N times: u32 x, y, w, h (even, inside the frame), followed by the
 *   rectangle's Y rows (w bytes each), then U rows and V rows (w/2 bytes each, h/2 rows).
 *   N = 0 repeats the previous frame. The first frame must cover the whole frame.
 * End of input ends the stream (delayed frames are flushed). Exit codes: 0 done,
 * 1 bad arguments or options, 2 bad input, 3 encoder or output failure.
 */
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>
#include <x264.h>

#define MAGIC 0x31464141u

static int read_full(void *buf, size_t n) {
  uint8_t *p = buf;
  while (n > 0) {
    ssize_t r = read(0, p, n);
    if (r == 0) return 0;
    if (r < 0) {
      if (errno == EINTR) continue;
      return -1;
    }
    p += r;
    n -= (size_t)r;
  }
  return 1;
}

static int write_full(const uint8_t *p, size_t n) {
  while (n > 0) {
    ssize_t w = write(1, p, n);
    if (w < 0) {
      if (errno == EINTR) continue;
      return -1;
    }
    p += w;
    n -= (size_t)w;
  }
  return 0;
}

static int emit(x264_nal_t *nals, int count, int size) {
  (void)count;
  if (size <= 0) return 0;
  /* x264 lays a frame's NAL units out back to back from the first payload. */
  return write_full(nals[0].p_payload, (size_t)size);
}

static int fail(int code, const char *what) {
  fprintf(stderr, "aqcast-x264: %s\n", what);
  return code;
}

int main(int argc, char **argv) {
  if (argc == 2 && strcmp(argv[1], "--check") == 0) {
    x264_param_t p;
    if (x264_param_default_preset(&p, "superfast", NULL) < 0) return 1;
    p.i_width = p.i_height = 64;
    p.i_log_level = X264_LOG_NONE;
    x264_t *e = x264_encoder_open(&p);
    if (!e) return 1;
    x264_encoder_close(e);
    printf("libx264 build %d\n", X264_BUILD);
    return 0;
  }
  if (argc < 8) return fail(1, "usage: aqcast-x264 WIDTH HEIGHT FPS PRESET TUNE qp|crf VALUE [OPTIONS]");
  int width = atoi(argv[1]), height = atoi(argv[2]), fps = atoi(argv[3]);
  const char *preset = argv[4], *tune = strcmp(argv[5], "none") == 0 ? NULL : argv[5];
  const int constant_qp = strcmp(argv[6], "qp") == 0;
  if (!constant_qp && strcmp(argv[6], "crf") != 0) return fail(1, "rate control must be qp or crf");
  const double rate = atof(argv[7]);
  if (rate < 0 || rate > 51) return fail(1, "qp or crf must be 0 to 51");
  if (width < 16 || height < 16 || width % 2 || height % 2 || width > 8192 || height > 8192 || fps < 1 || fps > 240)
    return fail(1, "width and height must be even, 16 to 8192; fps 1 to 240");

  x264_param_t param;
  if (x264_param_default_preset(&param, preset, tune) < 0) return fail(1, "unknown preset or tune");
  param.i_width = width;
  param.i_height = height;
  param.i_csp = X264_CSP_I420;
  param.i_fps_num = (uint32_t)fps;
  param.i_fps_den = 1;
  param.i_timebase_num = 1;
  param.i_timebase_den = (uint32_t)fps;
  param.b_vfr_input = 0;
  param.b_annexb = 1;
  param.b_repeat_headers = 1;
  param.i_log_level = getenv("AQCAST_X264_LOG") ? X264_LOG_INFO : X264_LOG_ERROR;
  if (constant_qp) {
    param.rc.i_rc_method = X264_RC_CQP;
    param.rc.i_qp_constant = (int)rate;
  } else {
    param.rc.i_rc_method = X264_RC_CRF;
    param.rc.f_rf_constant = (float)rate;
  }
  param.vui.i_colorprim = 1; /* BT.709 */
  param.vui.i_transfer = 1;
  param.vui.i_colmatrix = 1;
  param.vui.b_fullrange = 0;
  param.analyse.b_mb_info = 1;
  if (argc > 8 && argv[8][0]) {
    /* key=value pairs separated by ':' (the form ffmpeg's -x264-params takes). */
    char *opts = strdup(argv[8]);
    for (char *save = NULL, *kv = strtok_r(opts, ":", &save); kv; kv = strtok_r(NULL, ":", &save)) {
      char *eq = strchr(kv, '=');
      if (eq) *eq = '\0';
      if (x264_param_parse(&param, kv, eq ? eq + 1 : NULL) != 0) {
        fprintf(stderr, "aqcast-x264: bad option %s\n", kv);
        return 1;
      }
    }
    free(opts);
  }
  if (x264_param_apply_profile(&param, "high") < 0) return fail(1, "options do not fit the High profile");

  x264_t *enc = x264_encoder_open(&param);
  if (!enc) return fail(1, "the encoder did not open with these options");

  x264_picture_t pic, out;
  if (x264_picture_alloc(&pic, X264_CSP_I420, width, height) < 0) return fail(3, "out of memory");
  const int mbw = (width + 15) / 16, mbh = (height + 15) / 16;
  int64_t frame = 0;
  uint8_t *scratch = NULL;
  size_t scratch_size = 0;
  int seen_full = 0;

  for (;;) {
    uint32_t head[2];
    int r = read_full(head, sizeof head);
    if (r == 0) break;
    if (r < 0 || head[0] != MAGIC) return fail(2, "bad frame header");
    uint32_t count = head[1];
    /* Every macroblock starts constant; each rectangle clears the ones it touches. */
    uint8_t *info = malloc((size_t)mbw * mbh);
    if (!info) return fail(3, "out of memory");
    memset(info, getenv("AQCAST_X264_NOSKIP") ? 0 : X264_MBINFO_CONSTANT, (size_t)mbw * mbh);
    for (uint32_t k = 0; k < count; k++) {
      uint32_t rect[4];
      if (read_full(rect, sizeof rect) != 1) return fail(2, "truncated rectangle");
      uint32_t x = rect[0], y = rect[1], w = rect[2], h = rect[3];
      if ((x | y | w | h) & 1 || w == 0 || h == 0 || x + w > (uint32_t)width || y + h > (uint32_t)height)
        return fail(2, "rectangle outside the frame or not even");
      if (x == 0 && y == 0 && w == (uint32_t)width && h == (uint32_t)height) seen_full = 1;
      /* One read per rectangle, then rows into place: a read per row cost a system call each. */
      size_t bytes = (size_t)w * h + 2 * (size_t)(w / 2) * (h / 2);
      if (bytes > scratch_size) {
        free(scratch);
        scratch = malloc(bytes);
        scratch_size = scratch ? bytes : 0;
        if (!scratch) return fail(3, "out of memory");
      }
      if (read_full(scratch, bytes) != 1) return fail(2, "truncated pixels");
      const uint8_t *src = scratch;
      for (uint32_t j = 0; j < h; j++, src += w) memcpy(pic.img.plane[0] + (size_t)(y + j) * pic.img.i_stride[0] + x, src, w);
      for (int plane = 1; plane <= 2; plane++)
        for (uint32_t j = 0; j < h / 2; j++, src += w / 2)
          memcpy(pic.img.plane[plane] + (size_t)(y / 2 + j) * pic.img.i_stride[plane] + x / 2, src, w / 2);
      for (uint32_t my = y / 16; my <= (y + h - 1) / 16; my++)
        memset(info + (size_t)my * mbw + x / 16, 0, (x + w - 1) / 16 - x / 16 + 1);
    }
    if (!seen_full) return fail(2, "the first frame must cover the whole frame");
    pic.i_pts = frame++;
    pic.i_type = X264_TYPE_AUTO;
    pic.prop.mb_info = info;
    pic.prop.mb_info_free = free;
    x264_nal_t *nals;
    int n;
    int size = x264_encoder_encode(enc, &nals, &n, &pic, &out);
    if (size < 0) return fail(3, "encoding failed");
    if (emit(nals, n, size) < 0) return fail(3, "could not write the stream");
  }
  while (x264_encoder_delayed_frames(enc) > 0) {
    x264_nal_t *nals;
    int n;
    int size = x264_encoder_encode(enc, &nals, &n, NULL, &out);
    if (size < 0) return fail(3, "encoding failed");
    if (emit(nals, n, size) < 0) return fail(3, "could not write the stream");
  }
  x264_encoder_close(enc);
  x264_picture_clean(&pic);
  free(scratch);
  return frame > 0 ? 0 : fail(2, "no frame was given");
}
