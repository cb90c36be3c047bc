; ModuleID = 'fast_root.scalar.ll'
source_filename = "c/fast_root.c"
target datalayout = "e-m:e-p270:32:32-p271:32:32-p272:64:64-i64:64-i128:128-f80:128-n8:16:32:64-S128"
target triple = "x86_64-pc-linux-gnu"

@fr = dso_local local_unnamed_addr global [256 x float] zeroinitializer, align 16

; Function Attrs: nofree norecurse nosync nounwind memory(read, argmem: none, inaccessiblemem: none, target_mem0: none, target_mem1: none) uwtable
define dso_local range(i32 -1, 256) i32 @first_fast_root_over(float noundef nofpclass(nan inf) %0) local_unnamed_addr #0 {
  br label %vector.ph

vector.ph:                                        ; preds = %1
  %broadcast.splatinsert = insertelement <4 x float> poison, float %0, i64 0
  %broadcast.splat = shufflevector <4 x float> %broadcast.splatinsert, <4 x float> poison, <4 x i32> zeroinitializer
  br label %vector.body

vector.body:                                      ; preds = %vector.body, %vector.ph
  %index = phi i64 [ 0, %vector.ph ], [ %index.next, %vector.body ]
  %2 = getelementptr inbounds nuw float, ptr @fr, i64 %index
  %wide.load = load <4 x float>, ptr %2, align 4, !tbaa !9
  %3 = extractelement <4 x float> %wide.load, i32 0
  %4 = extractelement <4 x float> %wide.load, i32 1
  %5 = extractelement <4 x float> %wide.load, i32 2
  %6 = extractelement <4 x float> %wide.load, i32 3
  %7 = tail call fast float @llvm.sqrt.f32(float %3)
  %8 = tail call fast float @llvm.sqrt.f32(float %4)
  %9 = tail call fast float @llvm.sqrt.f32(float %5)
  %10 = tail call fast float @llvm.sqrt.f32(float %6)
  %11 = insertelement <4 x float> poison, float %7, i32 0
  %12 = insertelement <4 x float> %11, float %8, i32 1
  %13 = insertelement <4 x float> %12, float %9, i32 2
  %14 = insertelement <4 x float> %13, float %10, i32 3
  %15 = fcmp fast ogt <4 x float> %14, %broadcast.splat
  %index.next = add nuw i64 %index, 4
  %16 = freeze <4 x i1> %15
  %17 = call i1 @llvm.vector.reduce.or.v4i1(<4 x i1> %16)
  %18 = icmp eq i64 %index.next, 256
  %19 = or i1 %17, %18
  br i1 %19, label %middle.split, label %vector.body, !llvm.loop !11

middle.split:                                     ; preds = %vector.body
  br i1 %17, label %vector.early.exit, label %middle.block

middle.block:                                     ; preds = %middle.split
  br label %24

vector.early.exit:                                ; preds = %middle.split
  %20 = call i64 @llvm.experimental.cttz.elts.i64.v4i1(<4 x i1> %15, i1 false)
  %21 = add i64 %index, %20
  br label %22

22:                                               ; preds = %vector.early.exit
  %23 = trunc nuw nsw i64 %21 to i32
  br label %25

24:                                               ; preds = %middle.block
  br label %25

25:                                               ; preds = %24, %22
  %26 = phi i32 [ %23, %22 ], [ -1, %24 ]
  ret i32 %26
}

; Function Attrs: nocallback nocreateundeforpoison nofree nosync nounwind speculatable willreturn memory(none)
declare float @llvm.sqrt.f32(float) #1

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare i1 @llvm.vector.reduce.or.v4i1(<4 x i1>) #2

; Function Attrs: nocallback nofree nosync nounwind speculatable willreturn memory(none)
declare i64 @llvm.experimental.cttz.elts.i64.v4i1(<4 x i1>, i1 immarg) #2

attributes #0 = { nofree norecurse nosync nounwind memory(read, argmem: none, inaccessiblemem: none, target_mem0: none, target_mem1: none) uwtable "min-legal-vector-width"="0" "no-infs-fp-math"="true" "no-nans-fp-math"="true" "no-signed-zeros-fp-math"="true" "no-trapping-math"="true" "stack-protector-buffer-size"="8" "target-cpu"="x86-64" "target-features"="+cmov,+cx8,+fxsr,+mmx,+sse,+sse2,+x87" "tune-cpu"="generic" }
attributes #1 = { nocallback nocreateundeforpoison nofree nosync nounwind speculatable willreturn memory(none) }
attributes #2 = { nocallback nofree nosync nounwind speculatable willreturn memory(none) }

!llvm.module.flags = !{!0, !1, !2, !3}
!llvm.ident = !{!4}
!llvm.errno.tbaa = !{!5}

!0 = !{i32 1, !"wchar_size", i32 4}
!1 = !{i32 8, !"PIC Level", i32 2}
!2 = !{i32 7, !"PIE Level", i32 2}
!3 = !{i32 7, !"uwtable", i32 2}
!4 = !{!"Debian clang version 22.1.8 (1~deb12u1)"}
!5 = !{!6, !6, i64 0}
!6 = !{!"int", !7, i64 0}
!7 = !{!"omnipotent char", !8, i64 0}
!8 = !{!"Simple C/C++ TBAA"}
!9 = !{!10, !10, i64 0}
!10 = !{!"float", !7, i64 0}
!11 = distinct !{!11, !12, !13, !14, !15}
!12 = !{!"llvm.loop.mustprogress"}
!13 = !{!"llvm.loop.unroll.disable"}
!14 = !{!"llvm.loop.isvectorized", i32 1}
!15 = !{!"llvm.loop.unroll.runtime.disable"}
