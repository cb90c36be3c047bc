; ModuleID = 'first_diff.scalar.ll'
source_filename = "c/scalable.c"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i8:8:32-i16:16:32-i64:64-i128:128-n32:64-S128-Fn32"
target triple = "aarch64-unknown-linux-gnu"

@q = external dso_local local_unnamed_addr global [32 x i64], align 8
@r = external dso_local local_unnamed_addr global [32 x i64], align 8

; Function Attrs: nofree norecurse nosync nounwind memory(read, argmem: none, inaccessiblemem: none, target_mem0: none, target_mem1: none) uwtable vscale_range(1,16)
define dso_local range(i32 -1, 32) i32 @first_diff() local_unnamed_addr #0 {
  br label %vector.ph

vector.ph:                                        ; preds = %0
  %1 = call i64 @llvm.vscale.i64()
  %2 = shl nuw i64 %1, 1
  %n.mod.vf = urem i64 32, %2
  %n.vec = sub i64 32, %n.mod.vf
  br label %vector.body

vector.body:                                      ; preds = %vector.body, %vector.ph
  %index = phi i64 [ 0, %vector.ph ], [ %index.next, %vector.body ]
  %3 = getelementptr inbounds nuw i64, ptr @q, i64 %index
  %wide.load = load <vscale x 2 x i64>, ptr %3, align 8, !tbaa !10
  %4 = getelementptr inbounds nuw i64, ptr @r, i64 %index
  %wide.load1 = load <vscale x 2 x i64>, ptr %4, align 8, !tbaa !10
  %5 = icmp ne <vscale x 2 x i64> %wide.load, %wide.load1
  %index.next = add nuw i64 %index, %2
  %6 = freeze <vscale x 2 x i1> %5
  %7 = call i1 @llvm.vector.reduce.or.nxv2i1(<vscale x 2 x i1> %6)
  %8 = icmp eq i64 %index.next, %n.vec
  %9 = or i1 %7, %8
  br i1 %9, label %middle.split, label %vector.body, !llvm.loop !12

middle.split:                                     ; preds = %vector.body
  br i1 %7, label %vector.early.exit, label %middle.block

middle.block:                                     ; preds = %middle.split
  %cmp.n = icmp eq i64 32, %n.vec
  br i1 %cmp.n, label %25, label %scalar.ph

vector.early.exit:                                ; preds = %middle.split
  %10 = call i64 @llvm.experimental.cttz.elts.i64.nxv2i1(<vscale x 2 x i1> %5, i1 false)
  %11 = add i64 %index, %10
  br label %22

scalar.ph:                                        ; preds = %middle.block
  br label %12

12:                                               ; preds = %scalar.ph, %19
  %13 = phi i64 [ %n.vec, %scalar.ph ], [ %20, %19 ]
  %14 = getelementptr inbounds nuw i64, ptr @q, i64 %13
  %15 = load i64, ptr %14, align 8, !tbaa !10
  %16 = getelementptr inbounds nuw i64, ptr @r, i64 %13
  %17 = load i64, ptr %16, align 8, !tbaa !10
  %18 = icmp eq i64 %15, %17
  br i1 %18, label %19, label %22

19:                                               ; preds = %12
  %20 = add nuw nsw i64 %13, 1
  %21 = icmp eq i64 %20, 32
  br i1 %21, label %25, label %12, !llvm.loop !17

22:                                               ; preds = %vector.early.exit, %12
  %23 = phi i64 [ %13, %12 ], [ %11, %vector.early.exit ]
  %24 = trunc nuw nsw i64 %23 to i32
  br label %26

25:                                               ; preds = %middle.block, %19
  br label %26

26:                                               ; preds = %25, %22
  %27 = phi i32 [ %24, %22 ], [ -1, %25 ]
  ret i32 %27
}

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare i64 @llvm.vscale.i64() #1

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare i1 @llvm.vector.reduce.or.nxv2i1(<vscale x 2 x i1>) #1

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare i64 @llvm.experimental.cttz.elts.i64.nxv2i1(<vscale x 2 x i1>, i1 immarg) #1

attributes #0 = { nofree norecurse nosync nounwind memory(read, argmem: none, inaccessiblemem: none, target_mem0: none, target_mem1: none) uwtable vscale_range(1,16) "frame-pointer"="non-leaf-no-reserve" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="generic" "target-features"="+bti,+ccidx,+complxnum,+crc,+dit,+dotprod,+flagm,+fp-armv8,+fullfp16,+jsconv,+lse,+neon,+pauth,+predres,+ras,+rcpc,+rdm,+sb,+ssbs,+sve,+sve2,+v8.1a,+v8.2a,+v8.3a,+v8.4a,+v8.5a,+v8a,+v9a,-fmv" }
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
!10 = !{!11, !11, i64 0}
!11 = !{!"long long", !8, i64 0}
!12 = distinct !{!12, !13, !14, !15, !16}
!13 = !{!"llvm.loop.mustprogress"}
!14 = !{!"llvm.loop.unroll.disable"}
!15 = !{!"llvm.loop.isvectorized", i32 1}
!16 = !{!"llvm.loop.unroll.runtime.disable"}
!17 = distinct !{!17, !13, !14, !15}
