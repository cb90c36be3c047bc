; ModuleID = 'find_byte_n.scalar.ll'
source_filename = "c/find_byte_n.c"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i8:8:32-i16:16:32-i64:64-i128:128-n32:64-S128-Fn32"
target triple = "aarch64-unknown-linux-gnu"

; Function Attrs: nofree norecurse nosync nounwind memory(argmem: read) uwtable vscale_range(1,16)
define dso_local range(i64 -1, 65535) i64 @find_byte_n(ptr noundef readonly align 1 captures(none) dereferenceable(65536) %0, i16 noundef %1, i8 noundef %2) local_unnamed_addr #0 {
  %4 = icmp eq i16 %1, 0
  br i1 %4, label %29, label %5

5:                                                ; preds = %3
  %6 = zext i16 %1 to i64
  %7 = call i64 @llvm.vscale.i64()
  %8 = shl nuw nsw i64 %7, 4
  %min.iters.check = icmp ult i64 %6, %8
  br i1 %min.iters.check, label %scalar.ph, label %vector.ph

vector.ph:                                        ; preds = %5
  %9 = call i64 @llvm.vscale.i64()
  %10 = shl nuw i64 %9, 4
  %n.mod.vf = urem i64 %6, %10
  %n.vec = sub i64 %6, %n.mod.vf
  %broadcast.splatinsert = insertelement <vscale x 16 x i8> poison, i8 %2, i64 0
  %broadcast.splat = shufflevector <vscale x 16 x i8> %broadcast.splatinsert, <vscale x 16 x i8> poison, <vscale x 16 x i32> zeroinitializer
  br label %vector.body

vector.body:                                      ; preds = %vector.body, %vector.ph
  %index = phi i64 [ 0, %vector.ph ], [ %index.next, %vector.body ]
  %11 = getelementptr inbounds nuw i8, ptr %0, i64 %index
  %wide.load = load <vscale x 16 x i8>, ptr %11, align 1, !tbaa !10
  %12 = icmp eq <vscale x 16 x i8> %wide.load, %broadcast.splat
  %index.next = add nuw i64 %index, %10
  %13 = freeze <vscale x 16 x i1> %12
  %14 = call i1 @llvm.vector.reduce.or.nxv16i1(<vscale x 16 x i1> %13)
  %15 = icmp eq i64 %index.next, %n.vec
  %16 = or i1 %14, %15
  br i1 %16, label %middle.split, label %vector.body, !llvm.loop !11

middle.split:                                     ; preds = %vector.body
  br i1 %14, label %vector.early.exit, label %middle.block

middle.block:                                     ; preds = %middle.split
  %cmp.n = icmp eq i64 %6, %n.vec
  br i1 %cmp.n, label %27, label %scalar.ph

vector.early.exit:                                ; preds = %middle.split
  %17 = call i64 @llvm.experimental.cttz.elts.i64.nxv16i1(<vscale x 16 x i1> %12, i1 false)
  %18 = add i64 %index, %17
  br label %27

scalar.ph:                                        ; preds = %5, %middle.block
  %bc.resume.val = phi i64 [ %n.vec, %middle.block ], [ 0, %5 ]
  br label %22

19:                                               ; preds = %22
  %20 = add nuw nsw i64 %23, 1
  %21 = icmp eq i64 %20, %6
  br i1 %21, label %27, label %22, !llvm.loop !16

22:                                               ; preds = %scalar.ph, %19
  %23 = phi i64 [ %bc.resume.val, %scalar.ph ], [ %20, %19 ]
  %24 = getelementptr inbounds nuw i8, ptr %0, i64 %23
  %25 = load i8, ptr %24, align 1, !tbaa !10
  %26 = icmp eq i8 %25, %2
  br i1 %26, label %27, label %19

27:                                               ; preds = %vector.early.exit, %middle.block, %22, %19
  %28 = phi i64 [ %23, %22 ], [ -1, %19 ], [ -1, %middle.block ], [ %18, %vector.early.exit ]
  br label %29

29:                                               ; preds = %27, %3
  %30 = phi i64 [ -1, %3 ], [ %28, %27 ]
  ret i64 %30
}

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare i64 @llvm.vscale.i64() #1

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare i1 @llvm.vector.reduce.or.nxv16i1(<vscale x 16 x i1>) #1

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare i64 @llvm.experimental.cttz.elts.i64.nxv16i1(<vscale x 16 x i1>, i1 immarg) #1

attributes #0 = { nofree norecurse nosync nounwind memory(argmem: read) uwtable vscale_range(1,16) "frame-pointer"="non-leaf-no-reserve" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="generic" "target-features"="+bti,+ccidx,+complxnum,+crc,+dit,+dotprod,+flagm,+fp-armv8,+fullfp16,+jsconv,+lse,+neon,+pauth,+predres,+ras,+rcpc,+rdm,+sb,+ssbs,+sve,+sve2,+v8.1a,+v8.2a,+v8.3a,+v8.4a,+v8.5a,+v8a,+v9a,-fmv" }
attributes #1 = { nocallback nofree nosync nounwind speculatable willreturn memory(none) }

!llvm.module.flags = !{!0, !1, !2, !3, !4}
!llvm.ident = !{!5}
!llvm.errno.tbaa = !{!6}

!0 = !{i32 1, !"wchar_size", i32 4}
!1 = !{i32 8, !"PIC Level", i32 2}
!2 = !{i32 7, !"PIE Level", i32 2}
!3 = !{i32 7, !"uwtable", i32 2}
!4 = !{i32 7, !"frame-pointer", i32 4}
!5 = !{!"Debian clang version 22.1.8 (1~deb12u1)"}
!6 = !{!7, !7, i64 0}
!7 = !{!"int", !8, i64 0}
!8 = !{!"omnipotent char", !9, i64 0}
!9 = !{!"Simple C/C++ TBAA"}
!10 = !{!8, !8, i64 0}
!11 = distinct !{!11, !12, !13, !14, !15}
!12 = !{!"llvm.loop.mustprogress"}
!13 = !{!"llvm.loop.unroll.disable"}
!14 = !{!"llvm.loop.isvectorized", i32 1}
!15 = !{!"llvm.loop.unroll.runtime.disable"}
!16 = distinct !{!16, !12, !13, !14}
