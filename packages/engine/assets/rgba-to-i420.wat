;; RGBA → BT.709 limited-range I420 (yuv420p), WebAssembly SIMD.
;;
;; Source of rgba-to-i420.wasm; regenerate with
;;   node --import tsx packages/engine/src/yuv/assemble-kernel.ts
;; (a test checks that the committed .wasm matches this file).
;;
;; Fixed point: channels are scaled to 1/128 of a code value, multiplied by Q15
;; coefficients with i16x8.q15mulr_sat_s ((a·b + 2^14) >> 15), summed, offset and
;; shifted back: Y = ((R·yR + G·yG + B·yB)·128 + 16·128 + 64) >> 7. Chroma uses the sum
;; of each 2×2 block (4 · mean, scaled by 32 instead of 128), i.e. the block mean.
;; Alpha is ignored: frames are opaque. i420.ts has the same arithmetic
;; in plain JS; the two must agree bit for bit.
(module
  (memory (export "memory") 1)

  ;; Convert a block of w × h pixels (w ≥ 16 and even, h even). The block's RGBA rows
  ;; start at $src, $sstride bytes apart; its Y, U, V destinations start at $dy, $du,
  ;; $dv with row strides $ystride and $cstride. A width that is not a multiple of 16
  ;; ends with one overlapping step (the last 16 columns), which rewrites identical
  ;; values.
  (func (export "rgba_to_i420")
    (param $src i32) (param $sstride i32)
    (param $dy i32) (param $du i32) (param $dv i32)
    (param $ystride i32) (param $cstride i32)
    (param $w i32) (param $h i32)
    (local $row i32) (local $x i32)
    (local $s0 i32) (local $s1 i32) (local $y0 i32) (local $y1 i32) (local $u i32) (local $v i32)
    (local $t0 v128) (local $t1 v128) (local $t2 v128) (local $t3 v128)
    (local $r0 v128) (local $g0 v128) (local $b0 v128)
    (local $r1 v128) (local $g1 v128) (local $b1 v128)
    (local $rs v128) (local $gs v128) (local $bs v128)
    (local $lo v128) (local $hi v128)
    (if (i32.or (i32.lt_s (local.get $w) (i32.const 16)) (i32.lt_s (local.get $h) (i32.const 2)))
      (then (return)))
    (local.set $row (i32.const 0))
    (loop $rows
      ;; Row pair $row: pointers to both source rows, both luma rows, one chroma row.
      (local.set $s0 (i32.add (local.get $src) (i32.mul (i32.shl (local.get $row) (i32.const 1)) (local.get $sstride))))
      (local.set $s1 (i32.add (local.get $s0) (local.get $sstride)))
      (local.set $y0 (i32.add (local.get $dy) (i32.mul (i32.shl (local.get $row) (i32.const 1)) (local.get $ystride))))
      (local.set $y1 (i32.add (local.get $y0) (local.get $ystride)))
      (local.set $u (i32.add (local.get $du) (i32.mul (local.get $row) (local.get $cstride))))
      (local.set $v (i32.add (local.get $dv) (i32.mul (local.get $row) (local.get $cstride))))
      (local.set $x (i32.const 0))
      (loop $cols
        (if (i32.gt_s (local.get $x) (i32.sub (local.get $w) (i32.const 16)))
          (then (local.set $x (i32.sub (local.get $w) (i32.const 16)))))

        ;; Row 0: 16 pixels → planar R, G, B bytes.
        (local.set $t0 (i8x16.shuffle 0 4 8 12 16 20 24 28 1 5 9 13 17 21 25 29
          (v128.load (i32.add (local.get $s0) (i32.shl (local.get $x) (i32.const 2))))
          (v128.load offset=16 (i32.add (local.get $s0) (i32.shl (local.get $x) (i32.const 2))))))
        (local.set $t1 (i8x16.shuffle 0 4 8 12 16 20 24 28 1 5 9 13 17 21 25 29
          (v128.load offset=32 (i32.add (local.get $s0) (i32.shl (local.get $x) (i32.const 2))))
          (v128.load offset=48 (i32.add (local.get $s0) (i32.shl (local.get $x) (i32.const 2))))))
        (local.set $t2 (i8x16.shuffle 2 6 10 14 18 22 26 30 2 6 10 14 18 22 26 30
          (v128.load (i32.add (local.get $s0) (i32.shl (local.get $x) (i32.const 2))))
          (v128.load offset=16 (i32.add (local.get $s0) (i32.shl (local.get $x) (i32.const 2))))))
        (local.set $t3 (i8x16.shuffle 2 6 10 14 18 22 26 30 2 6 10 14 18 22 26 30
          (v128.load offset=32 (i32.add (local.get $s0) (i32.shl (local.get $x) (i32.const 2))))
          (v128.load offset=48 (i32.add (local.get $s0) (i32.shl (local.get $x) (i32.const 2))))))
        (local.set $r0 (i8x16.shuffle 0 1 2 3 4 5 6 7 16 17 18 19 20 21 22 23 (local.get $t0) (local.get $t1)))
        (local.set $g0 (i8x16.shuffle 8 9 10 11 12 13 14 15 24 25 26 27 28 29 30 31 (local.get $t0) (local.get $t1)))
        (local.set $b0 (i8x16.shuffle 0 1 2 3 4 5 6 7 16 17 18 19 20 21 22 23 (local.get $t2) (local.get $t3)))

        ;; Row 1.
        (local.set $t0 (i8x16.shuffle 0 4 8 12 16 20 24 28 1 5 9 13 17 21 25 29
          (v128.load (i32.add (local.get $s1) (i32.shl (local.get $x) (i32.const 2))))
          (v128.load offset=16 (i32.add (local.get $s1) (i32.shl (local.get $x) (i32.const 2))))))
        (local.set $t1 (i8x16.shuffle 0 4 8 12 16 20 24 28 1 5 9 13 17 21 25 29
          (v128.load offset=32 (i32.add (local.get $s1) (i32.shl (local.get $x) (i32.const 2))))
          (v128.load offset=48 (i32.add (local.get $s1) (i32.shl (local.get $x) (i32.const 2))))))
        (local.set $t2 (i8x16.shuffle 2 6 10 14 18 22 26 30 2 6 10 14 18 22 26 30
          (v128.load (i32.add (local.get $s1) (i32.shl (local.get $x) (i32.const 2))))
          (v128.load offset=16 (i32.add (local.get $s1) (i32.shl (local.get $x) (i32.const 2))))))
        (local.set $t3 (i8x16.shuffle 2 6 10 14 18 22 26 30 2 6 10 14 18 22 26 30
          (v128.load offset=32 (i32.add (local.get $s1) (i32.shl (local.get $x) (i32.const 2))))
          (v128.load offset=48 (i32.add (local.get $s1) (i32.shl (local.get $x) (i32.const 2))))))
        (local.set $r1 (i8x16.shuffle 0 1 2 3 4 5 6 7 16 17 18 19 20 21 22 23 (local.get $t0) (local.get $t1)))
        (local.set $g1 (i8x16.shuffle 8 9 10 11 12 13 14 15 24 25 26 27 28 29 30 31 (local.get $t0) (local.get $t1)))
        (local.set $b1 (i8x16.shuffle 0 1 2 3 4 5 6 7 16 17 18 19 20 21 22 23 (local.get $t2) (local.get $t3)))

        ;; Luma, row 0.
        (v128.store (i32.add (local.get $y0) (local.get $x))
          (i8x16.narrow_i16x8_u
            (i16x8.shr_s
              (i16x8.add
                (i16x8.add
                  (i16x8.q15mulr_sat_s (i16x8.shl (i16x8.extend_low_i8x16_u (local.get $r0)) (i32.const 7)) (v128.const i16x8 5983 5983 5983 5983 5983 5983 5983 5983))
                  (i16x8.q15mulr_sat_s (i16x8.shl (i16x8.extend_low_i8x16_u (local.get $g0)) (i32.const 7)) (v128.const i16x8 20127 20127 20127 20127 20127 20127 20127 20127)))
                (i16x8.add
                  (i16x8.q15mulr_sat_s (i16x8.shl (i16x8.extend_low_i8x16_u (local.get $b0)) (i32.const 7)) (v128.const i16x8 2032 2032 2032 2032 2032 2032 2032 2032))
                  (v128.const i16x8 2112 2112 2112 2112 2112 2112 2112 2112)))
              (i32.const 7))
            (i16x8.shr_s
              (i16x8.add
                (i16x8.add
                  (i16x8.q15mulr_sat_s (i16x8.shl (i16x8.extend_high_i8x16_u (local.get $r0)) (i32.const 7)) (v128.const i16x8 5983 5983 5983 5983 5983 5983 5983 5983))
                  (i16x8.q15mulr_sat_s (i16x8.shl (i16x8.extend_high_i8x16_u (local.get $g0)) (i32.const 7)) (v128.const i16x8 20127 20127 20127 20127 20127 20127 20127 20127)))
                (i16x8.add
                  (i16x8.q15mulr_sat_s (i16x8.shl (i16x8.extend_high_i8x16_u (local.get $b0)) (i32.const 7)) (v128.const i16x8 2032 2032 2032 2032 2032 2032 2032 2032))
                  (v128.const i16x8 2112 2112 2112 2112 2112 2112 2112 2112)))
              (i32.const 7))))
        ;; Luma, row 1.
        (v128.store (i32.add (local.get $y1) (local.get $x))
          (i8x16.narrow_i16x8_u
            (i16x8.shr_s
              (i16x8.add
                (i16x8.add
                  (i16x8.q15mulr_sat_s (i16x8.shl (i16x8.extend_low_i8x16_u (local.get $r1)) (i32.const 7)) (v128.const i16x8 5983 5983 5983 5983 5983 5983 5983 5983))
                  (i16x8.q15mulr_sat_s (i16x8.shl (i16x8.extend_low_i8x16_u (local.get $g1)) (i32.const 7)) (v128.const i16x8 20127 20127 20127 20127 20127 20127 20127 20127)))
                (i16x8.add
                  (i16x8.q15mulr_sat_s (i16x8.shl (i16x8.extend_low_i8x16_u (local.get $b1)) (i32.const 7)) (v128.const i16x8 2032 2032 2032 2032 2032 2032 2032 2032))
                  (v128.const i16x8 2112 2112 2112 2112 2112 2112 2112 2112)))
              (i32.const 7))
            (i16x8.shr_s
              (i16x8.add
                (i16x8.add
                  (i16x8.q15mulr_sat_s (i16x8.shl (i16x8.extend_high_i8x16_u (local.get $r1)) (i32.const 7)) (v128.const i16x8 5983 5983 5983 5983 5983 5983 5983 5983))
                  (i16x8.q15mulr_sat_s (i16x8.shl (i16x8.extend_high_i8x16_u (local.get $g1)) (i32.const 7)) (v128.const i16x8 20127 20127 20127 20127 20127 20127 20127 20127)))
                (i16x8.add
                  (i16x8.q15mulr_sat_s (i16x8.shl (i16x8.extend_high_i8x16_u (local.get $b1)) (i32.const 7)) (v128.const i16x8 2032 2032 2032 2032 2032 2032 2032 2032))
                  (v128.const i16x8 2112 2112 2112 2112 2112 2112 2112 2112)))
              (i32.const 7))))

        ;; Chroma: sums of 2×2 blocks (0…1020), scaled by 32.
        (local.set $rs (i16x8.shl (i16x8.add (i16x8.extadd_pairwise_i8x16_u (local.get $r0)) (i16x8.extadd_pairwise_i8x16_u (local.get $r1))) (i32.const 5)))
        (local.set $gs (i16x8.shl (i16x8.add (i16x8.extadd_pairwise_i8x16_u (local.get $g0)) (i16x8.extadd_pairwise_i8x16_u (local.get $g1))) (i32.const 5)))
        (local.set $bs (i16x8.shl (i16x8.add (i16x8.extadd_pairwise_i8x16_u (local.get $b0)) (i16x8.extadd_pairwise_i8x16_u (local.get $b1))) (i32.const 5)))
        (local.set $lo (i16x8.shr_s
            (i16x8.add
              (i16x8.add
                (i16x8.q15mulr_sat_s (local.get $rs) (v128.const i16x8 -3298 -3298 -3298 -3298 -3298 -3298 -3298 -3298))
                (i16x8.q15mulr_sat_s (local.get $gs) (v128.const i16x8 -11094 -11094 -11094 -11094 -11094 -11094 -11094 -11094)))
              (i16x8.add
                (i16x8.q15mulr_sat_s (local.get $bs) (v128.const i16x8 14392 14392 14392 14392 14392 14392 14392 14392))
                (v128.const i16x8 16448 16448 16448 16448 16448 16448 16448 16448)))
            (i32.const 7)))
        (local.set $hi (i16x8.shr_s
            (i16x8.add
              (i16x8.add
                (i16x8.q15mulr_sat_s (local.get $rs) (v128.const i16x8 14392 14392 14392 14392 14392 14392 14392 14392))
                (i16x8.q15mulr_sat_s (local.get $gs) (v128.const i16x8 -13072 -13072 -13072 -13072 -13072 -13072 -13072 -13072)))
              (i16x8.add
                (i16x8.q15mulr_sat_s (local.get $bs) (v128.const i16x8 -1320 -1320 -1320 -1320 -1320 -1320 -1320 -1320))
                (v128.const i16x8 16448 16448 16448 16448 16448 16448 16448 16448)))
            (i32.const 7)))
        (v128.store64_lane 0 (i32.add (local.get $u) (i32.shr_u (local.get $x) (i32.const 1))) (i8x16.narrow_i16x8_u (local.get $lo) (local.get $lo)))
        (v128.store64_lane 0 (i32.add (local.get $v) (i32.shr_u (local.get $x) (i32.const 1))) (i8x16.narrow_i16x8_u (local.get $hi) (local.get $hi)))

        (local.set $x (i32.add (local.get $x) (i32.const 16)))
        (br_if $cols (i32.lt_s (local.get $x) (local.get $w))))
      (local.set $row (i32.add (local.get $row) (i32.const 1)))
      (br_if $rows (i32.lt_s (local.get $row) (i32.shr_u (local.get $h) (i32.const 1)))))))
